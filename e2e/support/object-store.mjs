// The cluster's S3-compatible bucket (s3rver) in a process of its own, as a deployment's object
// store is. s3rver 3 answers a PUT of a small body before its file is open and listens for no error
// on that write, and a DELETE removes the key's folder once it is empty: with both instances'
// readiness checks writing and deleting keys under health/ at once, a write can find its folder
// gone and throw ENOENT where nothing catches it (9 times in 900 PUT and DELETE pairs from three
// clients at once). In the journey's own process that failed the journey and left the cluster
// running; here it is logged, and the store serves on.
import S3rver from "s3rver";

const { S3RVER_DIRECTORY: directory, S3RVER_PORT: port, S3RVER_BUCKET: bucket } = process.env;
process.on("uncaughtException", (error) => console.error("s3rver:", error));
const server = new S3rver({ address: "127.0.0.1", port: Number(port), silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
await server.run();
console.log(`s3rver on port ${port}, bucket ${bucket}`);
process.once("SIGTERM", () => void server.close().then(() => process.exit(0)));
