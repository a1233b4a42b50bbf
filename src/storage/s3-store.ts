import assert from "node:assert";
import { createReadStream, createWriteStream } from "node:fs";
import { rm, stat as statFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client } from "@aws-sdk/client-s3";
import { CodedError, ConfigError } from "../domain/errors.ts";
import { isValidObjectKey, type ObjectStore, type StoredObject } from "./object-store.ts";

/** Where an S3 store keeps its objects, from `s3://BUCKET/PREFIX?region=&endpoint=&forcePathStyle=`. */
export interface S3Location {
  bucket: string;
  /** Key prefix without leading or trailing `/`; empty for the bucket's root. */
  prefix: string;
  region: string;
  /** An S3-compatible server's base URL; undefined for AWS itself. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
}

/** S3 refuses presigned links that last longer than 7 days. */
export const S3_MAX_LINK_SECONDS = 7 * 24 * 3600;
/** Multipart part size: above S3's 5 MiB minimum; a file below one part goes as one PutObject. */
export const S3_PART_BYTES = 8 * 1024 * 1024;
/** Parts in flight at once: memory use is about this many parts. */
const S3_QUEUE_SIZE = 2;

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_PART = /^[A-Za-z0-9._-]+$/;
const URL_PARAMETERS = ["region", "endpoint", "forcePathStyle"];

/**
 * Reads `s3://BUCKET/PREFIX?region=R&endpoint=URL&forcePathStyle=true`. Credentials never go
 * in the URL: they come from the AWS SDK's usual sources (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, a role). A URL without `region` takes `defaultRegion` (the
 * configuration's `awsRegion`, from AWS_REGION), else us-east-1. Errors name `setting` and the
 * part at fault.
 */
export function parseS3Url(
  url: string,
  setting: string,
  defaultRegion: string | undefined,
): S3Location {
  const match = /^s3:\/\/([^/?#]*)(\/[^?#]*)?(\?[^#]*)?$/i.exec(url.trim());
  if (!match)
    throw new ConfigError(
      `${setting}: an S3 location reads s3://BUCKET/PREFIX?region=R&endpoint=URL&forcePathStyle=true (no #fragment)`,
    );
  const authority = match[1] as string;
  if (authority.includes("@"))
    throw new ConfigError(
      `${setting}: credentials do not go in the URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or a profile or role) instead`,
    );
  if (!BUCKET_NAME.test(authority) || authority.includes("..") || /^\d+(\.\d+){3}$/.test(authority))
    throw new ConfigError(
      `${setting}: the bucket "${authority}" is not a valid S3 bucket name (3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit)`,
    );
  const prefixParts = (match[2] ?? "").split("/").filter((part) => part !== "");
  for (const part of prefixParts) {
    if (!PREFIX_PART.test(part) || part === "." || part === "..")
      throw new ConfigError(
        `${setting}: the key prefix "${prefixParts.join("/")}" may hold only letters, digits, ".", "_", "-" and "/" (no "." or ".." parts)`,
      );
  }
  const query = new URLSearchParams(match[3] ?? "");
  for (const name of new Set(query.keys())) {
    if (!URL_PARAMETERS.includes(name))
      throw new ConfigError(
        `${setting}: unknown parameter "${name}": the parameters are ${URL_PARAMETERS.join(", ")}`,
      );
    if (query.getAll(name).length > 1)
      throw new ConfigError(`${setting}: the parameter "${name}" is given more than once`);
  }

  const region = query.get("region") ?? defaultRegion ?? "us-east-1";
  if (!/^[a-z0-9-]{1,64}$/.test(region))
    throw new ConfigError(
      `${setting}: region "${region}" is not a region name (such as us-east-1 or auto)`,
    );

  let endpoint: string | undefined;
  const endpointText = query.get("endpoint");
  if (endpointText !== null) {
    let parsed: URL;
    try {
      parsed = new URL(endpointText);
    } catch {
      throw new ConfigError(
        `${setting}: endpoint must be an absolute http(s) URL such as https://s3.example.com, not "${endpointText}"`,
      );
    }
    if (parsed.username || parsed.password)
      throw new ConfigError(
        `${setting}: the endpoint must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead`,
      );
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
      throw new ConfigError(
        `${setting}: endpoint must be an http(s) URL such as https://s3.example.com, not "${endpointText}"`,
      );
    if (parsed.search || parsed.hash)
      throw new ConfigError(`${setting}: the endpoint must not have a query or a fragment`);
    endpoint = parsed.href.replace(/\/+$/, "");
  }

  const pathStyle = query.get("forcePathStyle");
  if (pathStyle !== null && !/^(true|false|1|0)$/.test(pathStyle))
    throw new ConfigError(`${setting}: forcePathStyle must be true or false, not "${pathStyle}"`);

  return {
    bucket: authority,
    prefix: prefixParts.join("/"),
    region,
    endpoint,
    forcePathStyle: pathStyle === "true" || pathStyle === "1",
  };
}

type Sdk = {
  client: S3Client;
  s3: typeof import("@aws-sdk/client-s3");
  Upload: typeof import("@aws-sdk/lib-storage").Upload;
  getSignedUrl: typeof import("@aws-sdk/s3-request-presigner").getSignedUrl;
};

/**
 * Bundles in an S3 bucket (AWS, or any server that speaks its API). Uploads are multipart and
 * streamed from disk; links are S3 presigned GET URLs that S3 itself serves and expires. The
 * AWS SDK is loaded on first use, so the embedded default never loads it.
 */
export class S3Store implements ObjectStore {
  readonly target: S3Location;
  #sdk: Promise<Sdk> | undefined;

  constructor(target: S3Location) {
    this.target = target;
  }

  get location(): string {
    const { bucket, prefix, endpoint, region } = this.target;
    return `s3://${bucket}/${prefix} (${endpoint ?? `AWS, ${region}`})`;
  }

  /** The bucket's key for one of our keys. */
  objectKey(key: string): string {
    if (!isValidObjectKey(key)) throw new CodedError("QUIRE_ERR_STORAGE_KEY_INVALID", { key });
    return this.target.prefix ? `${this.target.prefix}/${key}` : key;
  }

  async putFile(key: string, file: string): Promise<StoredObject> {
    const { size } = await statFile(file);
    // The upload reads the stream as it goes; when it fails first, the stream may still open the
    // file later (after its folder is gone): it is closed here, and an error of its own is the upload's.
    const stream = createReadStream(file);
    stream.on("error", () => {});
    let stored: StoredObject;
    try {
      stored = await this.putStream(key, stream, size);
    } finally {
      stream.destroy();
    }
    // Moved in, as the local store does: the local copy is gone once the object is complete.
    await rm(file, { force: true });
    return stored;
  }

  /**
   * Stores `sizeBytes` bytes read from `body` under `key`, streamed in parts (`quire db copy`
   * sends archives from another store this way). Fails unless the stored object has that size.
   */
  async putStream(key: string, body: Readable, sizeBytes: number): Promise<StoredObject> {
    const objectKey = this.objectKey(key);
    const { client, Upload } = await this.#load();
    const upload = new Upload({
      client,
      params: {
        Bucket: this.target.bucket,
        Key: objectKey,
        Body: body,
        ContentType: /\.(tar\.gz|tgz)$/.test(key) ? "application/gzip" : "application/octet-stream",
        CacheControl: "private, no-transform",
      },
      partSize: S3_PART_BYTES,
      queueSize: S3_QUEUE_SIZE,
      // A failed upload aborts its multipart upload: no orphaned parts are billed.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      throw this.#explain(error, `cannot upload "${objectKey}" to`);
    }
    const stored = await this.stat(key);
    if (!stored || stored.sizeBytes !== sizeBytes)
      throw new CodedError(
        "QUIRE_ERR_STORAGE_FAILED",
        `${this.#where()}: "${objectKey}" holds ${stored ? `${stored.sizeBytes} bytes` : "nothing"} after uploading ${sizeBytes} bytes`,
      );
    return stored;
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    if (!isValidObjectKey(key)) return undefined;
    const objectKey = this.objectKey(key);
    const { client, s3 } = await this.#load();
    try {
      const head = await client.send(
        new s3.HeadObjectCommand({ Bucket: this.target.bucket, Key: objectKey }),
      );
      return {
        sizeBytes: head.ContentLength ?? 0,
        etag: head.ETag ?? "",
        modifiedAt: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw this.#explain(error, `cannot read "${objectKey}" in`);
    }
  }

  async download(key: string, file: string): Promise<void> {
    const objectKey = this.objectKey(key);
    const { client, s3 } = await this.#load();
    try {
      const object = await client.send(
        new s3.GetObjectCommand({ Bucket: this.target.bucket, Key: objectKey }),
      );
      await pipeline(object.Body as Readable, createWriteStream(file));
    } catch (error) {
      throw this.#explain(error, `cannot download "${objectKey}" from`);
    }
  }

  async presign(
    key: string,
    options: { expiresAt: Date; baseUrl: string; fileName: string },
  ): Promise<string> {
    const objectKey = this.objectKey(key);
    // Signed as of the whole second, so the link's end (X-Amz-Date + X-Amz-Expires) is expiresAt.
    const signingDate = new Date(Math.floor(Date.now() / 1000) * 1000);
    const expiresIn = Math.floor((options.expiresAt.getTime() - signingDate.getTime()) / 1000);
    assert(expiresIn >= 1, "a bundle link lasts at least one second (QUIRE_BUNDLE_LINK_TTL >= 1)");
    if (expiresIn > S3_MAX_LINK_SECONDS)
      throw new ConfigError(
        `S3 presigned links last at most 7 days (${S3_MAX_LINK_SECONDS} s), not ${expiresIn} s: lower QUIRE_BUNDLE_LINK_TTL`,
      );
    const { client, s3, getSignedUrl } = await this.#load();
    return getSignedUrl(
      client,
      new s3.GetObjectCommand({
        Bucket: this.target.bucket,
        Key: objectKey,
        ResponseContentDisposition: `attachment; filename="${options.fileName.replace(/["\\\r\n]/g, "_")}"`,
      }),
      { expiresIn, signingDate },
    );
  }

  async check(): Promise<void> {
    const { client, s3 } = await this.#load();
    try {
      await client.send(new s3.HeadBucketCommand({ Bucket: this.target.bucket }));
    } catch (error) {
      throw this.#explain(error, "cannot use", true);
    }
  }

  /** Closes the client's connections. */
  async close(): Promise<void> {
    const sdk = this.#sdk;
    this.#sdk = undefined;
    if (sdk) (await sdk.catch(() => undefined))?.client.destroy();
  }

  #load(): Promise<Sdk> {
    this.#sdk ??= loadSdk(this.target).catch((error: unknown) => {
      this.#sdk = undefined;
      throw new CodedError(
        "QUIRE_ERR_STORAGE_SDK_MISSING",
        `cannot load the AWS SDK for S3 storage: ${(error as Error).message}`,
        { cause: error },
      );
    });
    return this.#sdk;
  }

  #where(): string {
    const { bucket, endpoint, region } = this.target;
    return `S3 bucket "${bucket}" at ${endpoint ?? `AWS (region ${region})`}`;
  }

  /** An SDK error as a message naming the bucket and endpoint (never the credentials). */
  #explain(error: unknown, doing: string, isBucketCheck = false): CodedError {
    const status = statusOf(error);
    const where = this.#where();
    const cause = error as { name?: string; message?: string };
    let message: string;
    if (status === 404 && isBucketCheck) message = `${where} does not exist`;
    else if (status === 403)
      message = `${doing} ${where}: access denied: check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (or the profile or role) and that they may read and write the bucket`;
    else if (status === 301)
      message = `${doing} ${where}: the bucket is in another region than ${this.target.region}: set ?region= in the storage URL`;
    else
      message = `${doing} ${where}: ${status ? `HTTP ${status} ` : ""}${cause?.name && cause.name !== "Error" ? `${cause.name}: ` : ""}${cause?.message || "no answer"}`;
    return new CodedError("QUIRE_ERR_STORAGE_FAILED", message, { cause: error });
  }
}

async function loadSdk(target: S3Location): Promise<Sdk> {
  const [s3, storage, presigner] = await Promise.all([
    import("@aws-sdk/client-s3"),
    import("@aws-sdk/lib-storage"),
    import("@aws-sdk/s3-request-presigner"),
  ]);
  const client = new s3.S3Client({
    region: target.region,
    ...(target.endpoint ? { endpoint: target.endpoint } : {}),
    forcePathStyle: target.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's
    // default trailing checksums, and presigned links stay plain GETs. The bundle's sha256
    // is what clients check.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return {
    client,
    s3,
    Upload: storage.Upload,
    getSignedUrl: presigner.getSignedUrl,
  };
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
}
