/** localStorage that never throws: private modes and full quotas refuse writes. */

export function readStored(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

/** The string written, or null when the browser refused it. */
export function writeStored(key: string, value: unknown): string | null {
  const serialized = JSON.stringify(value);
  try {
    localStorage.setItem(key, serialized);
    return serialized;
  } catch {
    return null;
  }
}

const EXAM_LOG_PREFIX = "examLogs_";
const EXAM_DATA_LIFETIME_MS = 30 * 60 * 1000;

/**
 * SPEC §4: exam logs older than 30 minutes, or unreadable, are removed together with the
 * quizProgress_ entry of the same quiz and participant. Returns the keys removed.
 */
export function removeExpiredExamData(store: Storage, now = Date.now()): string[] {
  const removed: string[] = [];
  const logKeys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter((key): key is string => key?.startsWith(EXAM_LOG_PREFIX) ?? false);
  for (const key of logKeys) {
    let timestamp: unknown;
    try {
      timestamp = (JSON.parse(store.getItem(key) ?? "") as { timestamp?: unknown })?.timestamp;
    } catch {
      timestamp = undefined;
    }
    if (typeof timestamp === "number" && now - timestamp <= EXAM_DATA_LIFETIME_MS) continue;
    const progressKey = `quizProgress_${key.slice(EXAM_LOG_PREFIX.length)}`;
    store.removeItem(key);
    store.removeItem(progressKey);
    removed.push(key, progressKey);
  }
  return removed;
}
