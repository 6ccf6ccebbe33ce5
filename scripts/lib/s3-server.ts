/**
 * An S3-compatible server for the cluster test and the bench: s3rver (a fake S3 with the real HTTP API, files on
 * disk) in a process of its own, so that the load the test makes in its own process does not slow it down.
 *   node scripts/lib/s3-server.ts DIRECTORY BUCKET
 * Listens on a free loopback port with BUCKET made, prints "s3rver listening on PORT", and closes on SIGTERM.
 * Credentials: S3RVER / S3RVER, region us-east-1, path-style addresses.
 */
import { createRequire } from "node:module";

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) {
  console.error("Usage: node scripts/lib/s3-server.ts DIRECTORY BUCKET");
  process.exit(2);
}
const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
console.log(`s3rver listening on ${port}`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => void server.close().finally(() => process.exit(0)));
}
