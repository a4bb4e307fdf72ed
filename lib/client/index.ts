/**
 * Browser-side calls to the app's /api. Errors carry the server's message when it sent one,
 * so screens can prefer it over their own default text (SPEC §8).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly serverMessage: string | undefined,
    /** The server's name for the fix it suggests, e.g. "date-of-birth". */
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function callApi<T>(path: string, init: { method?: string; json?: unknown; form?: FormData; timeoutMs?: number } = {}): Promise<T> {
  const response = await fetch(path, {
    signal: init.timeoutMs === undefined ? undefined : AbortSignal.timeout(init.timeoutMs),
    method: init.method ?? (init.json !== undefined || init.form ? "POST" : "GET"),
    headers: init.json !== undefined ? { "content-type": "application/json" } : undefined,
    body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
  });
  const data = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
  if (!response.ok) {
    throw new ApiError(data.message ?? `Request failed (${response.status})`, response.status, data.message, data.code);
  }
  return data as T;
}

export interface LoggedIn {
  message: string;
  user: { id: string; name: string; email: string; userType: "participant" | "admin" };
  /** Where the server sends this user next. */
  landing: string;
}
