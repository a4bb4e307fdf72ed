import http from "node:http";
import { once } from "node:events";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { message } from "@/lib/catalogue";
import { Unavailable } from "@/lib/errors";
import { admission, type AdmissionOptions } from "@/lib/exam/admission";
import { examStartSegments } from "@/lib/exam";
import { describedRoute, openFrontDoor, route, servedAtTheDoor, type LineRequest } from "@/lib/http";
import { letInAtTheDoor } from "@/lib/http/let-in-mark";
import { API_CONTENT_SECURITY_POLICY, API_HEADERS } from "@/lib/http/static-headers";
import { log } from "@/lib/log";
import { messagesIn } from "@/lib/i18n";
import { LANGUAGE_COOKIE } from "@/lib/i18n/schemas";

/**
 * The front door as `npm start` runs it: scripts/front-door.mjs wraps the HTTP server's listener
 * (here a stand-in for Next that records what reaches it and answers when told), and the app opens
 * the door with a start line.
 */
const FRONT_DOOR = Symbol.for("olympiad.frontDoor");
const createServer = http.createServer;
let server: http.Server;
let base: string;
/** What reached the app: each request's path and whether the route would see it as let in. */
const reached: { path: string; letIn: boolean; forged: string | undefined }[] = [];
/** Answers the requests the app holds, in order. */
const held: (() => void)[] = [];

/** `pace` turns a second, one start at a time, a wait of at most `maxWaitSeconds`: a line as the exam's, its callers named by their cookie, each of whom may hold a place. */
function lineOf(pace: number, maxWaitSeconds: number) {
  const options: AdmissionOptions = { limit: 1, pace: { current: () => pace, observe: () => undefined, letIn: () => undefined }, maxWaitSeconds, holdAtMost: 1000, ceiling: pace, horizonSeconds: 60, refusal: (seconds, place) => new Unavailable(message("examStartQueue", { seconds }), seconds, place), key: Buffer.alloc(32, 1) };
  const admit = admission(options);
  return <T>(work: () => Promise<T>, request: LineRequest) => admit(work, { id: request.headers.get("cookie") ?? "anyone", mayHoldAPlace: async () => undefined }, request.headers.get("x-place-in-line") ?? undefined);
}

/** One line per test. */
function openWithLine(pace: number, maxWaitSeconds: number, served: Parameters<typeof openFrontDoor>[1] = []) {
  openFrontDoor({ guards: examStartSegments, admit: lineOf(pace, maxWaitSeconds) }, served);
}

function send(method: string, path: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, { method, headers });
}

const START = "/api/exam/5eed0000-0000-4000-8001-000000000002/start";

beforeAll(async () => {
  await import("../../scripts/front-door.mjs");
  server = http.createServer((incoming, outgoing) => {
    const request = new Request(`http://localhost${incoming.url}`, { headers: incoming.headers as Record<string, string> });
    reached.push({ path: incoming.url ?? "", letIn: letInAtTheDoor(request), forged: incoming.headers["x-olympiad-let-in"] === "forged" ? "forged" : undefined });
    held.push(() => outgoing.end("{}"));
    if (!examStartSegments(incoming.method, incoming.url)) held.pop()!();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  http.createServer = createServer;
  delete (globalThis as Record<symbol, unknown>)[FRONT_DOOR];
  server.closeAllConnections();
  server.close();
});

describe("the front door (npm start's exam start line before Next)", () => {
  it("lets a start in marked as let in, so the route does not hold it again; a mark a client sends is removed from every request", async () => {
    openWithLine(1000, 5);
    reached.length = 0;
    const started = send("POST", START, { "x-olympiad-let-in": "forged" });
    await expect.poll(() => reached.length).toBe(1);
    held.shift()!();
    expect((await started).status).toBe(200);
    expect((await send("GET", "/api/ping", { "x-olympiad-let-in": "forged" })).status).toBe(200);
    expect(reached).toEqual([
      { path: START, letIn: true, forged: undefined },
      { path: "/api/ping", letIn: false, forged: undefined },
    ]);
  });

  it("holds a second start at the door until the first is answered, while other requests go straight on", async () => {
    openWithLine(1000, 5);
    reached.length = 0;
    const first = send("POST", START);
    await expect.poll(() => reached.length).toBe(1);
    const second = send("POST", START);
    expect((await send("GET", "/api/ping")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reached.map((request) => request.path)).toEqual([START, "/api/ping"]);
    held.shift()!();
    expect((await first).status).toBe(200);
    await expect.poll(() => reached.length).toBe(3);
    held.shift()!();
    expect((await second).status).toBe(200);
  });

  it("refuses a start past the line's wait at the door, in the caller's language with its turn and place in line, and the app never sees it", async () => {
    // One in five seconds: the second start's turn is 5 s away, past a wait of half a second.
    openWithLine(0.2, 0.5);
    reached.length = 0;
    const first = send("POST", START);
    await expect.poll(() => reached.length).toBe(1);
    const refused = await send("POST", START, { "accept-language": "hi" });
    expect(refused.status).toBe(503);
    const turn = Number(refused.headers.get("retry-after"));
    expect(turn).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ message: (await messagesIn("hi"))(message("examStartQueue", { seconds: turn })) });
    expect(refused.headers.get("x-request-id")).toBeTruthy();
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    // Back too soon, with its place or without, it keeps it; another caller is given the next place.
    const place = refused.headers.get("x-place-in-line")!;
    // Its number, the line that gave it, when, its turn, and the signature for its caller.
    expect(place).toMatch(/^0\.[\w-]{8}\.\d+\.\d+\.[\w-]{16}$/);
    expect((await send("POST", START, { "x-place-in-line": place })).headers.get("x-place-in-line")).toBe(place);
    expect((await send("POST", START)).headers.get("x-place-in-line")).toBe(place);
    expect((await send("POST", START, { cookie: "another caller", "x-place-in-line": place })).headers.get("x-place-in-line")).toMatch(/^1\./);
    held.shift()!();
    await first;
    expect(reached.map((request) => request.path)).toEqual([START]);
  });

  it("dresses a refusal as the route's own line does, and logs a second's refusals in one line, not one each", async () => {
    // The refusals of the tests before are logged within the second after them.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const line = () => lineOf(0.2, 0.5);
    const caller = { "accept-language": "en", cookie: `${LANGUAGE_COOKIE}=hi`, "x-forwarded-proto": "https" };
    // The route's own line (`next dev`, tests), its answer dressed with the API's headers as Next dresses it.
    let answerHeld = () => undefined as void;
    const ownLine = route({ can: "health.ping", does: "Starts", admittedBy: line() }, () => new Promise<object>((answer) => (answerHeld = () => answer({}))));
    const letIn = ownLine(new Request(`http://localhost${START}`, { method: "POST" }));
    const own = await ownLine(new Request(`http://localhost${START}`, { method: "POST", headers: caller }));
    answerHeld();
    await letIn;
    const ownBody = await own.text();
    const ownHeaders = { ...Object.fromEntries(Object.entries(API_HEADERS).map(([name, value]) => [name.toLowerCase(), value])), ...Object.fromEntries(own.headers), "content-length": String(Buffer.byteLength(ownBody)) };

    openFrontDoor({ guards: examStartSegments, admit: line() });
    reached.length = 0;
    const first = send("POST", START);
    await expect.poll(() => reached.length).toBe(1);
    const info = vi.spyOn(log, "info");
    const refusals = await Promise.all([1, 2, 3].map(() => send("POST", START, caller)));
    const [door] = refusals;
    const doorHeaders = Object.fromEntries([...door.headers].filter(([name]) => !["date", "connection", "keep-alive"].includes(name)));
    const differing = ["x-request-id", "x-place-in-line"];
    const without = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !differing.includes(name)));
    expect(door.status).toBe(own.status);
    expect(without(doorHeaders)).toEqual(without(ownHeaders));
    expect(Object.keys(doorHeaders).sort()).toEqual(Object.keys(ownHeaders).sort());
    expect(doorHeaders["strict-transport-security"]).toBeTruthy();
    expect(await door.text()).toBe(ownBody);
    expect(JSON.parse(ownBody).message).toBe((await messagesIn("hi"))(message("examStartQueue", { seconds: Number(doorHeaders["retry-after"]) })));

    await expect.poll(() => info.mock.calls.length, { timeout: 3000 }).toBe(1);
    expect(info.mock.calls[0][0]).toEqual({ status: 503, refused: 3 });
    info.mockRestore();
    held.shift()!();
    await first;
  });

  it("answers the routes it serves with their own handlers, as Next would: segments decoded, the body read, the API's headers, gzip past 1 KB; the app never sees them", async () => {
    const echo = route({ can: "health.ping", does: "Echoes", params: z.object({ name: z.string() }), body: z.object({ words: z.string() }) }, async ({ params, body, request }) => ({
      name: params.name,
      words: body.words,
      from: request.headers.get("x-forwarded-for"),
    }));
    const start = describedRoute({ permission: "exam.take", does: "Starts" }, async (request: Request) => Response.json({ letIn: letInAtTheDoor(request) }));
    const broken = describedRoute({ permission: "health.ping", does: "Fails" }, async (): Promise<Response> => {
      throw new Error("a handler that fails outside the route wrapper");
    });
    const sealed = describedRoute({ permission: "health.ping", does: "Sends bytes" }, async () => new Response(new Uint8Array(5000), { headers: { "content-type": "application/octet-stream" } }));
    openWithLine(1000, 5, [
      servedAtTheDoor("PUT", "/api/echo/[name]", echo),
      servedAtTheDoor("POST", "/api/exam/[quizId]/start", start),
      servedAtTheDoor("GET", "/api/broken", broken),
      servedAtTheDoor("GET", "/api/sealed", sealed),
    ]);
    reached.length = 0;
    const put = (path: string, json: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { method: "PUT", body: JSON.stringify(json), headers: { "content-type": "application/json", "accept-encoding": "gzip", ...headers } });

    const small = await put("/api/echo/ab%20c", { words: "hi" });
    expect(small.status).toBe(200);
    expect(await small.json()).toEqual({ name: "ab c", words: "hi", from: "127.0.0.1" });
    expect(small.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY);
    expect(small.headers.get("x-content-type-options")).toBe("nosniff");
    expect(small.headers.get("x-request-id")).toBeTruthy();
    expect(small.headers.get("cache-control")).toBe("private, no-store");
    expect(small.headers.get("content-encoding")).toBeNull();

    const large = await put("/api/echo/long", { words: "x".repeat(5000) }, { "x-forwarded-for": "203.0.113.9" });
    expect(large.headers.get("content-encoding")).toBe("gzip");
    expect(Number(large.headers.get("content-length"))).toBeLessThan(1000);
    expect(await large.json()).toEqual({ name: "long", words: "x".repeat(5000), from: "203.0.113.9" });

    // Bytes that are not text (a sealed exam paper) go as they are.
    const bytes = await send("GET", "/api/sealed", { "accept-encoding": "gzip" });
    expect(bytes.headers.get("content-encoding")).toBeNull();
    expect((await bytes.arrayBuffer()).byteLength).toBe(5000);

    // Hostile segments reach the route as Next hands them: one that does not decode as sent, a NUL
    // decoded, for the route's schema to judge; the door goes on answering.
    for (const [sent, name] of [["%ZZ", "%ZZ"], ["a%00b", "a\u0000b"], ["%E0%A4%A", "%E0%A4%A"]]) {
      const hostile = await put(`/api/echo/${sent}`, { words: "hi" });
      expect(hostile.status).toBe(200);
      expect((await hostile.json()).name).toBe(name);
    }

    const refused = await put("/api/echo/bad", { words: 3 });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBeTruthy();

    // A failure the handler does not answer is a 500 said as a route says it, and the door goes on.
    const failed = await send("GET", "/api/broken");
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ message: (await messagesIn("en"))(message("somethingWentWrong")) });

    const started = await send("POST", START, { "x-olympiad-let-in": "forged" });
    expect(await started.json()).toEqual({ letIn: true });
    expect(reached).toEqual([]);

    // Another method on a served path, or another path, is the app's.
    expect((await send("GET", "/api/echo/ab")).status).toBe(200);
    expect((await send("PUT", "/api/echo/ab/c")).status).toBe(200);
    expect(reached.map((request) => request.path)).toEqual(["/api/echo/ab", "/api/echo/ab/c"]);
  });

  it("answers a body past its limit with 413 and Connection: close, and closes the connection, so the next request on a kept-alive agent gets a fresh one", async () => {
    const echo = route({ can: "health.ping", does: "Echoes", body: z.object({ words: z.string() }) }, async ({ body }) => ({ words: body.words }));
    openFrontDoor({ guards: () => undefined, admit: (work) => work() }, [servedAtTheDoor("PUT", "/api/echo", echo)]);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    /** A PUT on the agent's one connection: the status, the Connection header, and the connection it went on. */
    const put = (body: string, chunked = false) =>
      new Promise<{ status: number; connection: string | undefined; socket: Socket }>((resolve, reject) => {
        const request = http.request(`${base}/api/echo`, { method: "PUT", agent, headers: { "content-type": "application/json", ...(!chunked && { "content-length": Buffer.byteLength(body) }) } }, (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, socket: request.socket! }));
        });
        request.on("error", reject);
        request.end(body);
      });
    const oversize = JSON.stringify({ words: "x".repeat(2 * 1024 * 1024) });
    try {
      const first = await put(JSON.stringify({ words: "hi" }));
      expect(first).toMatchObject({ status: 200, connection: "keep-alive" });
      let kept = first.socket;
      // Refused by its Content-Length before a byte is read, then sent as chunks the route stops reading at 1 MB.
      for (const chunked of [false, true]) {
        const refused = await put(oversize, chunked);
        expect(refused).toMatchObject({ status: 413, connection: "close" });
        expect(refused.socket).toBe(kept);
        if (!refused.socket.closed) await once(refused.socket, "close");
        const next = await put(JSON.stringify({ words: "again" }));
        expect(next).toMatchObject({ status: 200, connection: "keep-alive" });
        expect(next.socket).not.toBe(kept);
        kept = next.socket;
      }
    } finally {
      agent.destroy();
    }
  });
});
