export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
}

/**
 * Private objects: payment proofs, profile images, exam recordings. Nothing here is public;
 * the app serves an object only after checking who may see it.
 */
export interface ObjectStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream for a response, or null when there is none. */
  stream(key: string): Promise<StoredObject | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are made by the app (e.g. "payments/<user>/<uuid>.png"); anything else is a bug or an attack. */
const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.length > 512) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}
