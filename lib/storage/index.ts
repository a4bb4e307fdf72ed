import "server-only";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { refusingWhenFull } from "./full";
import { localStorage, sweepInterruptedWrites } from "./local";
import { s3Storage } from "./s3";
import type { ObjectStorage } from "./types";

export type { ObjectStorage, StoredObject } from "./types";

let configured: ObjectStorage | undefined;

/** The configured store: S3 when S3_BUCKET is set, otherwise private local disk. */
export function storage(): ObjectStorage {
  configured ??= refusingWhenFull(config.storage.kind === "s3" ? s3Storage(config.storage) : localStorage(config.storage.directory));
  return configured;
}

/** Far longer than any write takes: a younger temporary file may be another instance's write in flight. */
const LEFTOVER_AGE_MS = 5 * 60_000;

/**
 * At start-up, removes what writes cut short by a crash left on local disk (an S3 write is
 * whole or nothing). It walks every folder of the store, so it runs beside the start, not before it.
 */
export async function sweepStorage(): Promise<void> {
  if (config.storage.kind !== "local") return;
  const started = performance.now();
  const removed = await sweepInterruptedWrites(config.storage.directory, LEFTOVER_AGE_MS);
  if (removed > 0) log.warn({ removed, durationMs: Math.round(performance.now() - started) }, "storage: removed files left by writes a crash cut short");
}
