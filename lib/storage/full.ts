import "server-only";
import { S3ServiceException } from "@aws-sdk/client-s3";
import { StorageFull } from "@/lib/errors";
import { errorFields, log } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import type { ObjectStorage } from "./types";

/** S3-compatible stores' words for it: MinIO's full drives, Ceph's bucket quota, HTTP's 507. */
const S3_OUT_OF_SPACE = new Set(["XMinioStorageFull", "QuotaExceeded", "InsufficientStorage"]);

function isOutOfSpace(error: unknown): boolean {
  if (error instanceof S3ServiceException) return S3_OUT_OF_SPACE.has(error.name) || error.$metadata.httpStatusCode === 507;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/** Every refused upload would log a line, hundreds a minute in an exam: one a minute says it. */
const LOG_EVERY_MS = 60_000;
/** On globalThis: each route is a module copy of its own, and the minute is the process's. */
const STATE_KEY = Symbol.for("olympiad.storage-full");
const holder = globalThis as typeof globalThis & { [STATE_KEY]?: { loggedAt: number; suppressed: number } };

function report(error: unknown) {
  metrics().storageFull.inc();
  const state = (holder[STATE_KEY] ??= { loggedAt: -Infinity, suppressed: 0 });
  const now = Date.now();
  if (now - state.loggedAt < LOG_EVERY_MS) {
    state.suppressed++;
    return;
  }
  log.error({ ...errorFields(error), suppressed: state.suppressed }, "storage is full: uploads are refused (logged once a minute; suppressed counts the refusals since the last line)");
  state.loggedAt = now;
  state.suppressed = 0;
}

/** The store, with a write refused for lack of space answered as StorageFull (507), counted and logged. */
export function refusingWhenFull(store: ObjectStorage): ObjectStorage {
  return {
    ...store,
    async put(key, body, contentType) {
      try {
        await store.put(key, body, contentType);
      } catch (error) {
        if (!isOutOfSpace(error)) throw error;
        report(error);
        throw new StorageFull(error);
      }
    },
  };
}
