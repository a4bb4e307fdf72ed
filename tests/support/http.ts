import { sessionCookieFor, type ActiveUser } from "@/lib/auth";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  json?: unknown;
  form?: FormData;
  as?: ActiveUser | null;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /** The request's path and query, for handlers that read search parameters. */
  url?: string;
}

/** Calls a route handler the way Next does, with a real Request. */
export async function call(handler: Handler, options: CallOptions = {}) {
  const headers = new Headers({ host: "localhost:3000", ...options.headers });
  if (options.json !== undefined) headers.set("content-type", "application/json");
  // The session joins any cookie the test sends itself (NEXT_LOCALE, say).
  if (options.as) headers.set("cookie", [options.headers?.cookie, (await sessionCookieFor(options.as)).split(";")[0]].filter(Boolean).join("; "));
  const request = new Request(new URL(options.url ?? "/api/test", "http://localhost:3000"), {
    method: options.method ?? (options.json !== undefined || options.form ? "POST" : "GET"),
    headers,
    body: options.form ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined),
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.clone().text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {
    // A file or an empty body.
  }
  return { status: response.status, body, response };
}
