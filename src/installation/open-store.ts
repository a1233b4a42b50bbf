import path from "node:path";
import type { Config } from "../config/settings.ts";
import { ConfigError } from "../domain/errors.ts";
import { LocalFolderStore } from "../storage/local-folder-store.ts";
import type { ObjectStore } from "../storage/object-store.ts";
import { parseS3Url, S3Store } from "../storage/s3-store.ts";

/** The object store `--storage-url` names: a folder (the data dir's `objects/` by default) or S3. */
export function openStore(config: Config, linkKey: Buffer): ObjectStore {
  const url = config.storageUrl;
  if (url === undefined)
    return new LocalFolderStore(path.join(config.dataDirPath, "objects"), linkKey);
  if (/^s3:\/\//i.test(url))
    return new S3Store(parseS3Url(url, "--storage-url (QUIRE_STORAGE_URL)", config.awsRegion));
  if (url.startsWith("file://")) return new LocalFolderStore(new URL(url).pathname, linkKey);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url))
    return new LocalFolderStore(path.resolve(url), linkKey);
  throw new ConfigError(
    `--storage-url: unsupported storage "${url.split(":")[0]}": use a folder path, file:///folder or s3://BUCKET/PREFIX`,
  );
}
