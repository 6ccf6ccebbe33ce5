/**
 * An S3-compatible server for the cluster test and the bench, in a process of its own so that the load the test
 * makes in its own process does not slow it down: the test suite's s3rver (tests/support/s3.ts: s3rver with
 * ListMultipartUploads and AbortMultipartUpload added, objects as files in a temporary folder).
 *   node scripts/lib/s3-server.ts BUCKET
 * Listens on a free loopback port with BUCKET made, prints "s3rver listening on PORT", and on SIGTERM closes and
 * removes its folder. Credentials: S3RVER / S3RVER, region us-east-1, path-style addresses.
 */
import { startFakeS3 } from "../../tests/support/s3.ts";

const [bucket] = process.argv.slice(2);
if (!bucket) {
  console.error("Usage: node scripts/lib/s3-server.ts BUCKET");
  process.exit(2);
}
const s3 = await startFakeS3();
await s3.createBucket(bucket);
console.log(`s3rver listening on ${new URL(s3.endpoint).port}`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => void s3.stop().finally(() => process.exit(0)));
}
