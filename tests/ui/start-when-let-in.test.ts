import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startWhenLetIn } from "@/components/exam/startWhenLetIn";
import { ApiError } from "@/lib/client";

const NOTE = "You are in the queue.";
const queued = () => Response.json({ message: NOTE }, { status: 503, headers: { "retry-after": "0" } });

afterEach(() => vi.unstubAllGlobals());

describe("a start told to wait its turn", () => {
  it("says the server's note, waits, and asks again until it is let in", async () => {
    const answers = [queued(), queued(), Response.json({ attemptId: "a1", paper: null })];
    const fetch = vi.fn(async () => answers.shift()!);
    vi.stubGlobal("fetch", fetch);
    const notes: string[] = [];
    const view = await startWhenLetIn("q1", { onQueued: (note) => notes.push(note), hasLeft: () => false });
    expect(view).toEqual({ attemptId: "a1", paper: null });
    expect(notes).toEqual([NOTE, NOTE]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("does not ask again once the participant has left the page, so no clock starts unseen", async () => {
    const fetch = vi.fn(async () => queued());
    vi.stubGlobal("fetch", fetch);
    const refusal = await startWhenLetIn("q1", { onQueued: () => undefined, hasLeft: () => true }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).status).toBe(503);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("gives up at once on any other refusal, and on a 503 that names no turn", async () => {
    for (const answer of [Response.json({ message: "Closed." }, { status: 403 }), Response.json({ message: "Down." }, { status: 503 })]) {
      const fetch = vi.fn(async () => answer);
      vi.stubGlobal("fetch", fetch);
      await expect(startWhenLetIn("q1", { onQueued: () => undefined, hasLeft: () => false })).rejects.toBeInstanceOf(ApiError);
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it("then fetches the exam paper and puts each rendered option beside its displayed text", async () => {
    const question = { id: "q", text: "$x$?", options: ["$b$", "$a$", "$c$", "plain"], hi: null, paperOrder: [1, 0, 2, 3] };
    const paper = { version: 7, questions: { q: { en: { text: "<p>x?</p>", options: ["A", "B", "C", null] }, hi: null } } };
    const answers = [Response.json({ attemptId: "a1", paper: 7, questions: [question] }), new Response(new Uint8Array(gzipSync(JSON.stringify(paper))), { headers: { "content-type": "application/gzip" } })];
    const fetch = vi.fn(async (_url: string) => answers.shift()!);
    vi.stubGlobal("fetch", fetch);
    const view = await startWhenLetIn("q1", { onQueued: () => undefined, hasLeft: () => false });
    expect(fetch.mock.calls[1][0]).toBe("/api/exam/q1/paper?v=7");
    expect(view.questions[0].html).toEqual({ text: "<p>x?</p>", options: ["B", "A", "C", null] });
  });
});
