import "server-only";
import { config } from "@/lib/config";
import { localStorage } from "./local";
import { s3Storage } from "./s3";
import type { ObjectStorage } from "./types";

export type { ObjectStorage, StoredObject } from "./types";

let configured: ObjectStorage | undefined;

/** The configured store: S3 when S3_BUCKET is set, otherwise private local disk. */
export function storage(): ObjectStorage {
  configured ??= config.storage.kind === "s3" ? s3Storage(config.storage) : localStorage(config.storage.directory);
  return configured;
}
