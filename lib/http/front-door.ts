import type { IncomingMessage, ServerResponse } from "node:http";
import { LET_IN_HEADER, letInMark } from "./let-in-mark";
import { answerAtTheDoor } from "./route";

const DOOR = Symbol.for("olympiad.frontDoor");

/** What scripts/front-door.mjs calls for every request before Next sees it; `pass` hands it to Next. */
type FrontDoor = (incoming: IncomingMessage, outgoing: ServerResponse, pass: () => void) => void;

const holder = globalThis as typeof globalThis & { [DOOR]?: FrontDoor };

export interface Line {
  /** Whether the line guards this request (its method and path). */
  guards(method: string | undefined, url: string | undefined): boolean;
  /** Runs `work` in turn, or throws a refusal (a 503 with a turn to come back at). */
  admit<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Puts a line in front of Next: scripts/front-door.mjs (loaded by `npm start`) hands each request
 * to it before Next parses a route, reads a body or looks the caller up. A request the line guards
 * waits there as no more than Node's parsed headers, and a refusal costs a fraction of the
 * millisecond Next spends routing a request: a hall pressing Start at once no longer takes the
 * event loop from the answer saves of those already writing (measured in docs/performance.md).
 * A request the door let in carries a mark only this process knows, so the route's own line
 * (`admittedBy`, which guards it under `next dev` and in tests) lets it through; a client cannot
 * forge it.
 */
export function openFrontDoor(line: Line): void {
  const mark = letInMark();
  const door: FrontDoor = (incoming, outgoing, pass) => {
    delete incoming.headers[LET_IN_HEADER];
    if (!line.guards(incoming.method, incoming.url)) return pass();
    line
      .admit(
        () =>
          new Promise<void>((answered) => {
            outgoing.once("close", answered);
            incoming.headers[LET_IN_HEADER] = mark;
            pass();
          }),
      )
      .catch(async (refusal: unknown) => {
        const response = await answerAtTheDoor(webRequest(incoming), refusal);
        outgoing.writeHead(response.status, [...response.headers].flat());
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      });
  };
  holder[DOOR] = door;
}

/** The request as the route wrapper reads one, without its body (a refusal never reads it). */
function webRequest(incoming: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) for (const each of [value ?? []].flat()) headers.append(name, each);
  return new Request(new URL(incoming.url ?? "/", `http://${incoming.headers.host ?? "localhost"}`), { method: incoming.method, headers });
}
