import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { LET_IN_HEADER, letInMark } from "./let-in-mark";
import { Unavailable } from "@/lib/errors";
import { answerAtTheDoor, refusalAtTheDoor, type LineRequest, type RouteHandler } from "./route";
import { API_HEADERS } from "./static-headers";

const DOOR = Symbol.for("olympiad.frontDoor");

/** What scripts/front-door.mjs calls for every request before Next sees it; `pass` hands it to Next. */
type FrontDoor = (incoming: IncomingMessage, outgoing: ServerResponse, pass: () => void) => void;

const holder = globalThis as typeof globalThis & { [DOOR]?: FrontDoor };

export interface Line {
  /** The path's segments of a request the line guards (by its method and path), or undefined for one it does not guard. */
  guards(method: string | undefined, url: string | undefined): Record<string, string> | undefined;
  /** Runs `work` in turn, or throws a refusal (a 503 with a turn to come back at and the caller's place in line, which it sends back; or the caller's own error). */
  admit<T>(work: () => Promise<T>, request: LineRequest): Promise<T>;
}

/**
 * A route handler the door calls itself instead of passing the request to Next: the same handler
 * Next would call (app/api), for exam day's hottest calls.
 */
export interface DoorRoute {
  method: string;
  /** The whole path, its dynamic segments named by groups (see `servedAtTheDoor`). */
  path: RegExp;
  handler: RouteHandler;
}

/** A route the door serves, at its path as the app folder writes it: `/api/exam/[quizId]/start`. */
export function servedAtTheDoor(method: string, appPath: string, handler: RouteHandler): DoorRoute {
  const segments = appPath.split("/").map((segment) => {
    const dynamic = /^\[(\w+)\]$/.exec(segment);
    if (dynamic) return `(?<${dynamic[1]}>[^/]+)`;
    if (!/^[\w-]*$/.test(segment)) throw new Error(`${appPath}: a path the door serves has plain segments and [segment]s only`);
    return segment;
  });
  return { method, path: new RegExp(`^${segments.join("/")}$`), handler };
}

/**
 * Puts a line in front of Next: scripts/front-door.mjs (loaded by `npm start`) hands each request
 * to it before Next parses a route, reads a body or looks the caller up. A request the line guards
 * waits there as no more than Node's parsed headers, and a refusal costs a fraction of the
 * millisecond Next spends routing a request: a hall pressing Start at once no longer takes the
 * event loop from the answer saves of those already writing (measured in docs/performance.md).
 * A request the door let in carries a mark only this process knows, so the route's own line
 * (`admittedBy`, which guards it under `next dev` and in tests) lets it through; a client cannot
 * forge it. The calls of `served` (exam day's: instrumentation.ts) the door answers itself with
 * their route handlers: Next's routing and its web streams were a third of an exam day's CPU.
 */
export function openFrontDoor(line: Line, served: readonly DoorRoute[] = []): void {
  const mark = letInMark();
  const door: FrontDoor = (incoming, outgoing, pass) => {
    delete incoming.headers[LET_IN_HEADER];
    const route = servedHere(served, incoming);
    const enter = route ? () => void serve(route, incoming, outgoing).catch(answerFailure(incoming, outgoing)) : pass;
    const params = line.guards(incoming.method, incoming.url);
    if (!params) return enter();
    line
      .admit(
        () =>
          new Promise<void>((answered) => {
            outgoing.once("close", answered);
            incoming.headers[LET_IN_HEADER] = mark;
            enter();
          }),
        { headers: headerReader(incoming), params },
      )
      .catch(answerFailure(incoming, outgoing));
  };
  holder[DOOR] = door;
}

interface Matched {
  handler: RouteHandler;
  params: Record<string, string>;
}

function servedHere(served: readonly DoorRoute[], incoming: IncomingMessage): Matched | undefined {
  const pathname = (incoming.url ?? "/").split("?", 1)[0];
  for (const { method, path, handler } of served) {
    if (incoming.method !== method) continue;
    const match = path.exec(pathname);
    if (match) return { handler, params: decodedSegments(match.groups ?? {}) };
  }
  return undefined;
}

/** Next hands a route its segments decoded; one that does not decode is passed as sent, for the route's schema to refuse. */
function decodedSegments(groups: Record<string, string | undefined>): Record<string, string> {
  const decode = (segment: string) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  return Object.fromEntries(Object.entries(groups).map(([name, segment]) => [name, decode(segment ?? "")]));
}

async function serve({ handler, params }: Matched, incoming: IncomingMessage, outgoing: ServerResponse) {
  // The headers Next gives a route from the connection when no proxy did (resolve-routes in Next's router).
  incoming.headers["x-forwarded-host"] ??= incoming.headers.host;
  incoming.headers["x-forwarded-proto"] ??= (incoming.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  incoming.headers["x-forwarded-for"] ??= incoming.socket.remoteAddress;
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  const request = webRequest(incoming, hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : undefined);
  await write(await handler(request, { params: Promise.resolve(params) }), incoming, outgoing);
}

/**
 * Answers a refusal of the line (written as it is: `refusalAtTheDoor`), or a failure outside the
 * route wrapper's own handling as a route would (a 500 is logged); a response already begun, or
 * one that cannot be written, closes its connection. Never rejects: a rejection here would end the process.
 */
function answerFailure(incoming: IncomingMessage, outgoing: ServerResponse) {
  return async (failure: unknown) => {
    try {
      if (outgoing.headersSent) return void outgoing.destroy();
      if (failure instanceof Unavailable) {
        const { status, headers, body } = await refusalAtTheDoor({ method: incoming.method ?? "GET", url: urlOf(incoming), headers: headerReader(incoming) }, failure);
        return void outgoing.writeHead(status, headers).end(body);
      }
      await write(await answerAtTheDoor(webRequest(incoming), failure), incoming, outgoing);
    } catch {
      outgoing.destroy();
    }
  };
}

/** The request as the route wrapper reads one; without a body, for a failure, which never reads it. */
function webRequest(incoming: IncomingMessage, body?: ReadableStream<Uint8Array>): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) for (const each of [value ?? []].flat()) headers.append(name, each);
  return new Request(urlOf(incoming), { method: incoming.method, headers, ...(body && { body, duplex: "half" }) } as RequestInit);
}

function urlOf(incoming: IncomingMessage): string {
  return new URL(incoming.url ?? "/", `http://${incoming.headers.host ?? "localhost"}`).href;
}

/** Node's parsed headers read as `Headers.get` reads them: a repeated header joined. */
function headerReader(incoming: IncomingMessage): Pick<Headers, "get"> {
  return {
    get(name) {
      const value = incoming.headers[name.toLowerCase()];
      return value === undefined ? null : [value].flat().join(", ");
    },
  };
}

const gzipped = promisify(gzip);
/** Next's own threshold (the compression package's): below it, gzip saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/** Text and JSON, not already encoded: a sealed exam paper or an image gains nothing from gzip (Next's compression skips them too). */
function compressible(headers: Headers): boolean {
  return !headers.has("content-encoding") && /^(?:application\/json|text\/)/.test(headers.get("content-type") ?? "");
}

/** Writes a route's answer as Next would: with the API's headers where the route set none of its own, gzipped when the client takes it and it is worth it. */
async function write(response: Response, incoming: IncomingMessage, outgoing: ServerResponse) {
  let body: Buffer = Buffer.from(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(API_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  if (body.length >= COMPRESS_FROM_BYTES && compressible(response.headers) && /\bgzip\b/.test(incoming.headers["accept-encoding"] ?? "")) {
    body = await gzipped(body);
    headers.set("content-encoding", "gzip");
    headers.append("vary", "Accept-Encoding");
  }
  headers.set("content-length", String(body.length));
  outgoing.writeHead(response.status, [...headers].flat());
  outgoing.end(body);
}
