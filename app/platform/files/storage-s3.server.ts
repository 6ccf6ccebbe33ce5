/**
 * The S3 back end of `Storage` (app/platform/files/storage.server.ts): each file is one object of an S3-compatible bucket
 * (AWS, MinIO, Garage, Ceph RGW), under `<prefix>/documents/` or `<prefix>/images/`. Chosen by STORAGE_URL
 * (app/platform/config.server.ts); docs/decisions/011-object-storage.md says why it is built this way.
 *
 * Uploads go through `Upload` of @aws-sdk/lib-storage: a file up to one part (8 MB) is one PutObject, a larger one a
 * multipart upload of 8 MB parts, so a stream is never held whole in memory (at most QUEUE_SIZE parts at once).
 * A failed upload is aborted, so no object and no part is left; `sweep` aborts what a crashed process left.
 * Downloads hand on GetObject's body stream as it arrives.
 *
 * The SDK is loaded on first use, not at start-up: an install on local disk never loads it.
 */
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "#app/platform/config.server.ts";
import type { Storage } from "./storage.server.ts";

/** Size of one part of a multipart upload, in bytes; files up to this size are one PutObject. */
export const PART_SIZE = 8 * 1024 * 1024;
/** Parts uploaded at once (and so held in memory at most) by one upload. */
const QUEUE_SIZE = 2;
/** How old an unfinished multipart upload must be before `sweep` aborts it, by default (another server may still be sending it). */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** How long the client waits, in ms: for a connection, and on a connection that has gone quiet (either way). */
export interface S3Timeouts {
  connectMs: number;
  idleMs: number;
}

/** A dead endpoint fails a request after these instead of holding it (and the page, or the start) for ever. */
const TIMEOUTS: S3Timeouts = { connectMs: 5_000, idleMs: 60_000 };

/**
 * An S3 client for `settings`, made on the first call and shared by later ones (the SDK is imported then).
 * Against a server other than AWS (an endpoint is set) checksums are sent and checked only where the S3 API requires
 * them: the SDK's newer default (CRC32 on every upload) is refused by several S3-compatible servers.
 * @param timeouts default 5 s to connect and 60 s of silence on a connection (the SDK has none by default)
 */
export function lazyS3Client(settings: S3Settings, timeouts: S3Timeouts = TIMEOUTS): () => Promise<S3Client> {
  let client: Promise<S3Client> | undefined;
  return () =>
    (client ??= import("@aws-sdk/client-s3").then(
      ({ S3Client }) =>
        new S3Client({
          region: settings.region,
          endpoint: settings.endpoint,
          forcePathStyle: settings.forcePathStyle,
          requestHandler: { connectionTimeout: timeouts.connectMs, socketTimeout: timeouts.idleMs },
          ...(settings.credentials ? { credentials: settings.credentials } : {}),
          ...(settings.endpoint ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" } : {}),
        }),
    ));
}

export interface S3StorageOptions {
  /** The client, or a function that makes it (`lazyS3Client`). */
  client: S3Client | (() => Promise<S3Client>);
  bucket: string;
  /** The key prefix of this store's objects, without trailing slash, e.g. "lake/documents". */
  folder: string;
  /** The ids the store accepts (`STORAGE_ID`, `IMAGE_FILE_ID`); any other is refused with a RangeError before any request. */
  ids: RegExp;
  /** `sweep` aborts multipart uploads begun longer ago than this, in ms (default 24 hours; 0: all of them). */
  staleAfterMs?: number;
}

/** An S3 error's name and HTTP status, as the SDK reports them. */
function s3Status(error: unknown): { name: string; status: number | undefined } {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return { name: e.name ?? "", status: e.$metadata?.httpStatusCode };
}

/**
 * Files as objects in one bucket, under `options.folder`.
 * `put` never overwrites: it asks HeadObject first and sends `If-None-Match: *` as well, which closes the gap between
 * the two on servers that honour conditional writes (AWS since 2024, MinIO, Ceph); ids are made unique by the
 * server besides. Errors of the service (unreachable, access denied) are thrown as the SDK reports them.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket, folder, ids } = options;
  const client = typeof options.client === "function" ? options.client : () => Promise.resolve(options.client as S3Client);
  const staleAfterMs = options.staleAfterMs ?? STALE_AFTER_MS;
  const keyOf = (id: string): string => {
    if (!ids.test(id)) throw new RangeError(`Not a storage id: ${id}`);
    return `${folder}/${id}`;
  };
  const sdk = () => import("@aws-sdk/client-s3");

  return {
    async put(id, body, size) {
      const Key = keyOf(id);
      try {
        const s3 = await client();
        const { HeadObjectCommand } = await sdk();
        const exists = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key })).then(
          () => true,
          (error: unknown) => {
            if (s3Status(error).status === 404) return false;
            throw error;
          },
        );
        if (exists) throw new Error(`A file named ${id} is stored already; it is never overwritten.`);
        const { Upload } = await import("@aws-sdk/lib-storage");
        const upload = new Upload({
          client: s3,
          params: { Bucket: bucket, Key, Body: body, IfNoneMatch: "*", ...(body instanceof Uint8Array ? {} : size !== undefined ? { ContentLength: size } : {}) },
          partSize: PART_SIZE,
          queueSize: QUEUE_SIZE,
          leavePartsOnError: false,
        });
        await upload.done();
      } catch (error) {
        // A stream not read to its end would hold its source (the request) open.
        if (!(body instanceof Uint8Array)) body.destroy();
        throw error;
      }
    },

    async get(id) {
      const Key = keyOf(id);
      const { GetObjectCommand } = await sdk();
      try {
        const response = await (await client()).send(new GetObjectCommand({ Bucket: bucket, Key }));
        return { stream: response.Body as Readable, size: response.ContentLength ?? 0 };
      } catch (error) {
        const { name, status } = s3Status(error);
        if (name === "NoSuchKey" || status === 404) return undefined;
        throw error;
      }
    },

    async remove(id) {
      const Key = keyOf(id);
      const { DeleteObjectCommand } = await sdk();
      await (await client()).send(new DeleteObjectCommand({ Bucket: bucket, Key }));
    },

    async list() {
      const { ListObjectsV2Command } = await sdk();
      const s3 = await client();
      const found: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${folder}/`, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const id = object.Key?.slice(folder.length + 1);
          if (id && ids.test(id)) found.push(id);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found.sort();
    },

    async sweep() {
      const { AbortMultipartUploadCommand, ListMultipartUploadsCommand } = await sdk();
      const s3 = await client();
      const before = Date.now() - staleAfterMs;
      let count = 0;
      let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
      for (;;) {
        const page = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: `${folder}/`, ...markers }));
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId) continue;
          if (staleAfterMs > 0 && (upload.Initiated?.getTime() ?? 0) > before) continue;
          await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }));
          count++;
        }
        if (!page.IsTruncated) return count;
        markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
      }
    },

    async check() {
      const { HeadBucketCommand } = await sdk();
      await (await client()).send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
