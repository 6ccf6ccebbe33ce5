/**
 * A real S3 API on a loopback port for the tests: s3rver (objects as files in a temporary folder), with the two
 * calls it lacks added over its own upload folders, ListMultipartUploads and AbortMultipartUpload (s3rver 3.7.1
 * answers NotImplemented and MethodNotAllowed). The code under test talks plain S3 to it through the SDK.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

export interface FakeS3 {
  /** "http://127.0.0.1:PORT" */
  endpoint: string;
  /** A client for the tests' own look-ups (path style, the fake's keys). */
  client: S3Client;
  /** The environment of a server that stores in `bucket` under `prefix` through this fake. */
  env(bucket: string, prefix?: string): Record<string, string>;
  /** Makes a bucket. */
  createBucket(bucket: string): Promise<void>;
  /** Every key in the bucket under `prefix`, sorted. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  /** The unfinished multipart uploads in the bucket (from s3rver's own folders). */
  pendingUploads(bucket: string): Promise<string[]>;
  stop(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
interface S3rverInternals {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}

const xml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** Starts s3rver on a free loopback port with a temporary folder, removed by `stop`. */
export async function startFakeS3(): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "shoreline-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory });
  const internals = server as unknown as S3rverInternals;
  const uploadsDir = (bucket: string) => internals.store.getResourcePath(bucket, undefined, "uploads");
  const listUploads = async (bucket: string) => {
    let ids: string[];
    try {
      ids = await readdir(uploadsDir(bucket));
    } catch {
      return [];
    }
    return Promise.all(
      ids.map(async (id) => ({
        id,
        key: await readFile(path.join(uploadsDir(bucket), id, "key"), "utf8"),
        initiated: (await stat(path.join(uploadsDir(bucket), id))).birthtime,
      })),
    );
  };
  internals.middleware.unshift(async (ctx, next) => {
    const [bucket, ...rest] = ctx.path.split("/").filter((part) => part !== "");
    // A bucket that does not exist goes on to s3rver, which answers NoSuchBucket.
    if (!bucket || !existsSync(path.dirname(uploadsDir(bucket)))) return next();
    if (ctx.method === "GET" && rest.length === 0 && "uploads" in ctx.query) {
      const prefix = typeof ctx.query.prefix === "string" ? ctx.query.prefix : "";
      const uploads = (await listUploads(bucket)).filter((u) => u.key.startsWith(prefix));
      ctx.type = "application/xml";
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Bucket>${xml(bucket)}</Bucket><Prefix>${xml(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
        uploads
          .map((u) => `<Upload><Key>${xml(u.key)}</Key><UploadId>${xml(u.id)}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`)
          .join("") +
        `</ListMultipartUploadsResult>`;
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method === "DELETE" && rest.length > 0 && typeof uploadId === "string" && /^[\w-]+$/.test(uploadId)) {
      await rm(path.join(uploadsDir(bucket), uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    await next();
  });
  const { address, port } = await server.run();
  const endpoint = `http://${address}:${port}`;
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
  return {
    endpoint,
    client,
    env: (bucket, prefix = "") => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ""}`,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    }),
    createBucket: async (bucket) => {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    },
    keys: async (bucket, prefix = "") => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((c) => c.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    pendingUploads: async (bucket) => (await listUploads(bucket)).map((u) => u.key).sort(),
    stop: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
