import { randomUUID } from "node:crypto";

/** An id a trusted proxy in front (nginx's $request_id, say) already gave the request is kept. */
const ACCEPTABLE_ID = /^[\w.-]{8,100}$/;

export function requestIdOf(headers: Pick<Headers, "get">): string {
  const given = headers.get("x-request-id");
  return given && ACCEPTABLE_ID.test(given) ? given : randomUUID();
}
