/**
 * Browser-side calls to the app's /api. Errors carry the server's message when it sent one,
 * so screens can prefer it over their own default text (SPEC §8).
 */
/** As lib/http names it; not imported from there, which is server code. */
const PLACE_IN_LINE_HEADER = "x-place-in-line";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly serverMessage: string | undefined,
    /** The server's name for the fix it suggests, e.g. "date-of-birth". */
    readonly code?: string,
    /** The whole answer, for refusals that carry more than a message (an import's bad rows). */
    readonly body: Record<string, unknown> = {},
    /** When the server said to come back (Retry-After in seconds), for a 429 or 503. */
    readonly retryAfterSeconds?: number,
    /** The caller's place in a line the server keeps (X-Place-In-Line), to send back when it comes back. */
    readonly placeInLine?: string,
  ) {
    super(message);
  }
}

export async function callApi<T>(path: string, init: { method?: string; json?: unknown; form?: FormData; timeoutMs?: number; placeInLine?: string } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.placeInLine) headers[PLACE_IN_LINE_HEADER] = init.placeInLine;
  const response = await fetch(path, {
    signal: init.timeoutMs === undefined ? undefined : AbortSignal.timeout(init.timeoutMs),
    method: init.method ?? (init.json !== undefined || init.form ? "POST" : "GET"),
    headers,
    body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw refusal(response.status, data ?? {}, response.headers);
  return data as T;
}

/** The error for a refused request, carrying the server's message and fix code when it sent them. */
function refusal(status: number, data: Record<string, unknown>, headers?: Headers): ApiError {
  const message = typeof data.message === "string" ? data.message : undefined;
  const code = typeof data.code === "string" ? data.code : undefined;
  const retryAfter = headers?.get("retry-after") ?? null;
  // Only the delay-seconds form: the app never answers an HTTP date.
  const retryAfterSeconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
  return new ApiError(message ?? `Request failed (${status})`, status, message, code, data, retryAfterSeconds, headers?.get(PLACE_IN_LINE_HEADER) ?? undefined);
}

/**
 * Sends a form to the app's /api as callApi does, reporting how much of the body has gone up:
 * fetch has no upload progress, XMLHttpRequest does. `onProgress` gets whole percents, 0 to 100;
 * 100 means the body is sent and the server is working on it.
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", path);
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    });
    request.upload.addEventListener("load", () => onProgress(100));
    request.addEventListener("load", () => {
      const data = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(data as T);
      else reject(refusal(request.status, data));
    });
    // As fetch does: a request that never got an answer is a TypeError, not an ApiError.
    request.addEventListener("error", () => reject(new TypeError("Network request failed")));
    request.addEventListener("abort", () => reject(new TypeError("Network request aborted")));
    request.send(form);
  });
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export interface LoggedIn {
  message: string;
  user: { id: string; name: string; email: string; userType: "participant" | "admin" };
  /** Where the server sends this user next. */
  landing: string;
}
