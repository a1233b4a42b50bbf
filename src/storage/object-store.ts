/** Where bundles are kept, and how a client gets a time-limited link to one. */
export interface StoredObject {
  sizeBytes: number;
  /** Strong validator: changes whenever the bytes change. */
  etag: string;
  modifiedAt: Date;
}

export interface ObjectStore {
  /** A description safe to log. */
  readonly location: string;
  /** Stores a local file under `key` (the file is moved or copied in; a reader never sees half of it). */
  putFile(key: string, file: string): Promise<StoredObject>;
  stat(key: string): Promise<StoredObject | undefined>;
  /**
   * Copies the object into the local file `file` (created or replaced), for a server that
   * reads a bundle itself (the readers' assistant of cloud projects).
   */
  download(key: string, file: string): Promise<void>;
  /**
   * A link that downloads the object until `expiresAt` and not after. `baseUrl` is the API's
   * public address, for stores whose links the API serves itself.
   */
  presign(
    key: string,
    options: { expiresAt: Date; baseUrl: string; fileName: string },
  ): Promise<string>;
  /** Checks that the store can be used (for /readyz). */
  check(): Promise<void>;
  /** Releases connections, for stores that hold any. */
  close?(): Promise<void>;
}

/** Object keys are relative paths of safe characters, no `..`: they also name files on disk. */
export function isValidObjectKey(key: string): boolean {
  return (
    /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) &&
    !key.split("/").some((part) => part === "." || part === "..")
  );
}
