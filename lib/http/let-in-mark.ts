import { randomBytes } from "node:crypto";

/** The header a refused caller of a line is told its place in, and sends back when it returns (lib/exam/admission.ts). */
export const PLACE_IN_LINE_HEADER = "x-place-in-line";

/** The header the front door (./front-door.ts) marks the requests its line let in with; removed from every other. */
export const LET_IN_HEADER = "x-olympiad-let-in";
const MARK = Symbol.for("olympiad.letInMark");
const holder = globalThis as typeof globalThis & { [MARK]?: string };

/** A value only this process knows (one per process: a build holds several copies of this module). */
export function letInMark(): string {
  return (holder[MARK] ??= randomBytes(24).toString("base64url"));
}

/** Whether the front door's line let this request in, so the route's own line must not hold it again. */
export function letInAtTheDoor(request: Request): boolean {
  return request.headers.get(LET_IN_HEADER) === letInMark();
}
