import { createCipheriv, randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startWhenLetIn } from "@/components/exam/startWhenLetIn";
import { fetchPaperEarly } from "@/components/exam/withPaper";
import { ApiError } from "@/lib/client";

const NOTE = "You are in the queue.";
const queued = () => Response.json({ message: NOTE }, { status: 503, headers: { "retry-after": "0" } });

afterEach(() => vi.unstubAllGlobals());

/**
 * The calls the exam page made through the stubbed fetch. Only those: files share their worker's
 * globals (vitest.config.ts, isolate: false), and work a file before this one left under way may
 * call fetch meanwhile (one CI pass counted a second call here).
 */
function examCalls(fetch: { mock: { calls: unknown[][] } }): string[] {
  return fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith("/api/exam/"));
}

/** The call's outcome, its pauses between tries run on a fake clock: on a loaded machine real ones outlasted a test. */
async function withoutItsPauses<T>(call: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  try {
    const outcome = call();
    await vi.runAllTimersAsync();
    return await outcome;
  } finally {
    vi.useRealTimers();
  }
}

/** As the server seals a paper: gzipped JSON, AES-256-GCM, the IV first and the tag last. */
function seal(paper: unknown, key: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  return Buffer.concat([iv, cipher.update(gzipSync(JSON.stringify(paper))), cipher.final(), cipher.getAuthTag()]);
}

describe("a start told to wait its turn", () => {
  it("says the server's note, waits, and asks again until it is let in", async () => {
    const answers = [queued(), queued(), Response.json({ attemptId: "a1", paper: null })];
    const fetch = vi.fn(async () => answers.shift()!);
    vi.stubGlobal("fetch", fetch);
    const notes: string[] = [];
    const turns: number[] = [];
    const view = await withoutItsPauses(() => startWhenLetIn("q1", { onQueued: (note, turnAt) => (notes.push(note), turns.push(turnAt - Date.now())), hasLeft: () => false }));
    expect(view).toEqual({ attemptId: "a1", paper: null });
    expect(notes).toEqual([NOTE, NOTE]);
    // Retry-After 0: the turn is now, for the page's countdown.
    for (const turn of turns) expect(Math.abs(turn)).toBeLessThan(100);
    expect(examCalls(fetch)).toHaveLength(3);
  });

  it("does not ask again once the participant has left the page, so no clock starts unseen", async () => {
    const fetch = vi.fn(async () => queued());
    vi.stubGlobal("fetch", fetch);
    const refusal = await startWhenLetIn("q1", { onQueued: () => undefined, hasLeft: () => true }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).status).toBe(503);
    expect(examCalls(fetch)).toHaveLength(1);
  });

  it("gives up at once on any other refusal, and on a 503 that names no turn", async () => {
    for (const answer of [Response.json({ message: "Closed." }, { status: 403 }), Response.json({ message: "Down." }, { status: 503 })]) {
      const fetch = vi.fn(async () => answer);
      vi.stubGlobal("fetch", fetch);
      await expect(startWhenLetIn("q1", { onQueued: () => undefined, hasLeft: () => false })).rejects.toBeInstanceOf(ApiError);
      expect(examCalls(fetch)).toHaveLength(1);
    }
  });

  it("then opens the exam paper fetched early with the start's key, and puts each rendered option beside its displayed text", async () => {
    const question = { id: "q", text: "$x$?", options: ["$b$", "$a$", "$c$", "plain"], hi: null, paperOrder: [1, 0, 2, 3] };
    const key = randomBytes(32);
    const sealed = seal({ version: 7, questions: { q: { en: { text: "<p>x?</p>", options: ["A", "B", "C", null] }, hi: null } } }, key);
    const paperResponse = () => new Response(new Uint8Array(sealed), { headers: { "x-paper-version": "7" } });
    const fetch = vi.fn(async (url: string) => (url.includes("/paper") ? paperResponse() : Response.json({ attemptId: "a1", paper: { version: 7, key: key.toString("base64url") }, questions: [question] })));
    vi.stubGlobal("fetch", fetch);
    fetchPaperEarly("q1");
    const view = await startWhenLetIn("q1", { onQueued: () => undefined, hasLeft: () => false });
    expect(examCalls(fetch)).toEqual(["/api/exam/q1/paper", "/api/exam/q1/start"]);
    expect(view.questions[0].html).toEqual({ text: "<p>x?</p>", options: ["B", "A", "C", null] });
  });

  it("asks for the texts as written when the paper does not come after three tries", async () => {
    const question = { id: "q", text: "", options: ["", "", "", "plain"], hi: null, paperOrder: [0, 1, 2, 3] };
    const written = { ...question, text: "$x$?", options: ["$a$", "$b$", "$c$", "plain"] };
    const fetch = vi.fn(async (url: string) =>
      url.includes("/paper") ? new Response(null, { status: 500 }) : url.endsWith("?sources=1") ? Response.json({ attemptId: "a1", paper: { version: 7, key: "k" }, questions: [written] }) : Response.json({ attemptId: "a1", paper: { version: 7, key: "k" }, questions: [question] }),
    );
    vi.stubGlobal("fetch", fetch);
    const view = await withoutItsPauses(() => startWhenLetIn("q2", { onQueued: () => undefined, hasLeft: () => false }));
    expect(examCalls(fetch)).toEqual(["/api/exam/q2/start", ...Array(3).fill("/api/exam/q2/paper?v=7"), "/api/exam/q2?sources=1"]);
    expect(view.questions[0]).toMatchObject({ text: "$x$?", options: ["$a$", "$b$", "$c$", "plain"] });
  });

  it("fetches the version the start names when the paper fetched early is older", async () => {
    const question = { id: "q", text: "$x$?", options: ["$b$", "$a$", "$c$", "plain"], hi: null, paperOrder: [0, 1, 2, 3] };
    const key = randomBytes(32);
    const paper = (version: number) => new Response(new Uint8Array(seal({ version, questions: { q: { en: { text: "<p>new</p>", options: [null, null, null, null] }, hi: null } } }, key)), { headers: { "x-paper-version": String(version) } });
    const fetch = vi.fn(async (url: string) => (url.endsWith("/paper") ? paper(7) : url.includes("/paper?v=8") ? paper(8) : Response.json({ attemptId: "a1", paper: { version: 8, key: key.toString("base64url") }, questions: [question] })));
    vi.stubGlobal("fetch", fetch);
    fetchPaperEarly("q1");
    const view = await startWhenLetIn("q1", { onQueued: () => undefined, hasLeft: () => false });
    expect(examCalls(fetch)).toEqual(["/api/exam/q1/paper", "/api/exam/q1/start", "/api/exam/q1/paper?v=8"]);
    expect(view.questions[0].html?.text).toBe("<p>new</p>");
  });
});
