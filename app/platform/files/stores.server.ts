/**
 * The stores of a running install, on disk or in a bucket as the configuration says (issue 12, decision 011).
 */
import path from "node:path";
import type { Config } from "#app/platform/config.server.ts";
import { createDiskStorage, IMAGE_FILE_ID, STORAGE_ID, type Storage } from "./storage.server.ts";
import { createS3Storage, lazyS3Client } from "./storage-s3.server.ts";

/**
 * The document and picture stores the configuration names: the folders `documents/` and `images/` of DATA_DIR, or
 * the prefixes `<prefix>/documents/` and `<prefix>/images/` of the bucket of STORAGE_URL (one S3 client for both,
 * made on first use). Used by the server's services and by backup and restore.
 */
export function createStores(config: Pick<Config, "dataDir" | "s3">): { storage: Storage; images: Storage } {
  if (!config.s3) {
    return { storage: createDiskStorage(path.join(config.dataDir, "documents")), images: createDiskStorage(path.join(config.dataDir, "images"), IMAGE_FILE_ID) };
  }
  const { bucket, prefix } = config.s3;
  const client = lazyS3Client(config.s3);
  const folder = (name: string) => (prefix ? `${prefix}/${name}` : name);
  return {
    storage: createS3Storage({ client, bucket, folder: folder("documents"), ids: STORAGE_ID }),
    images: createS3Storage({ client, bucket, folder: folder("images"), ids: IMAGE_FILE_ID }),
  };
}
