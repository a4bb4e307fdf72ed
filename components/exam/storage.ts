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
