import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { POST as focusEvents } from "@/app/api/exam/[quizId]/focus-events/route";
import { POST as start } from "@/app/api/exam/[quizId]/start/route";
import { POST as submit } from "@/app/api/exam/[quizId]/submit/route";
import { POST as saveResponse } from "@/app/api/saveresponse/route";
import { POST as uploadChunk } from "@/app/api/wasabi/upload-exam-chunk/route";
import { POST as uploadSnapshot } from "@/app/api/wasabi/upload-snapshot/route";
import { focusEvents as focusEventRows, recordingChunks } from "@/db/schema";
import type { ActiveUser } from "@/lib/auth";
import { config } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { markPaid, openExam } from "../support/exam";
import { fillUp } from "../support/full-disk";
import { call } from "../support/http";
import { asInsider } from "../support/insider";
import { RECORDED_SLICES, WEBM_HEADER_SLICE, webmContinuation } from "../support/recording";
import { participant } from "../support/users";

// Where a tmpfs cannot be mounted, a full disk is this stand-in (tests/support/full-disk.ts).
vi.mock("node:fs/promises", async (original) => (await import("../support/full-disk")).withFullFolders(await original()));

afterAll(closeDatabase);

const suiteProctoring = { ...config.proctoring };
afterEach(() => Object.assign(config.proctoring, suiteProctoring));

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]), Buffer.alloc(200, 3), Buffer.from([0xff, 0xd9])]);

async function startedExam(options: { durationSeconds?: number } = {}) {
  const { quiz } = await openExam(options);
  const user = await participant();
  await markPaid(user, quiz.id);
  const { status, body } = await call(start, { as: user, params: { quizId: quiz.id } });
  expect(status).toBe(200);
  return { quizId: quiz.id, user, attemptId: body.attemptId as string };
}

const UPLOADS = {
  video: { handler: uploadChunk, field: "chunk", type: "video/webm", extension: "webm" },
  snapshot: { handler: uploadSnapshot, field: "snapshot", type: "image/jpeg", extension: "jpg" },
};

function upload(kind: keyof typeof UPLOADS, user: ActiveUser, quizId: string, sequence: number, bytes: Buffer) {
  const { handler, field, type, extension } = UPLOADS[kind];
  const form = new FormData();
  form.set(field, new Blob([new Uint8Array(bytes)], { type }), `${sequence}.${extension}`);
  form.set("quizID", quizId);
  form.set("sequence", String(sequence));
  return call(handler, { as: user, form });
}

const video = (user: ActiveUser, quizId: string, sequence: number, bytes: Buffer) => upload("video", user, quizId, sequence, bytes);
const snapshot = (user: ActiveUser, quizId: string, sequence: number, bytes: Buffer) => upload("snapshot", user, quizId, sequence, bytes);

async function storedSequences(attemptId: string, kind: "video" | "snapshot" = "video") {
  const db = await getDb();
  const rows = await db.select({ sequence: recordingChunks.sequence }).from(recordingChunks).where(and(eq(recordingChunks.attemptId, attemptId), eq(recordingChunks.kind, kind)));
  return rows.map((row) => row.sequence).sort((a, b) => a - b);
}

describe("recording uploads are checked and bounded per attempt", () => {
  it("takes a real recording's slices, and refuses a later slice that is not WebM", async () => {
    const { quizId, user, attemptId } = await startedExam();
    for (const [sequence, slice] of RECORDED_SLICES.entries()) expect((await video(user, quizId, sequence, slice)).status).toBe(201);
    for (const junk of [Buffer.alloc(5000, 7), Buffer.from("#!/bin/sh\nrm -rf /\n"), JPEG]) {
      const refused = await video(user, quizId, 4, junk);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe("The recording must be WebM video.");
    }
    expect(await storedSequences(attemptId)).toEqual([0, 1, 2, 3]);
  });

  it("accepts sequences only near the last slice held", async () => {
    const { quizId, user, attemptId } = await startedExam();
    const far = await video(user, quizId, 500, WEBM_HEADER_SLICE);
    expect(far.status).toBe(409);
    expect(far.body.message).toBe("This recording slice is out of order. Reload the page to continue recording.");
    expect((await video(user, quizId, 0, WEBM_HEADER_SLICE)).status).toBe(201);
    expect((await video(user, quizId, 1, webmContinuation(100))).status).toBe(201);
    expect((await video(user, quizId, 999_999, webmContinuation(100))).status).toBe(409);
    expect((await video(user, quizId, 200, webmContinuation(100))).status).toBe(409);
    // Snapshots are numbered by recording time: none can be minutes ahead of the clock.
    expect((await snapshot(user, quizId, 5000, JPEG)).status).toBe(409);
    expect((await snapshot(user, quizId, 3, JPEG)).status).toBe(201);
    expect(await storedSequences(attemptId)).toEqual([0, 1]);
    expect(await storedSequences(attemptId, "snapshot")).toEqual([3]);
  });

  it("caps an attempt's bytes from the quiz's duration and the configured bitrate", async () => {
    // 60 s quiz, no pause allowance (one clock), a few minutes of grace: at 14 kbps about 0.4 MB in all.
    config.proctoring.recordingMaxKbps = 14;
    const { quizId, user, attemptId } = await startedExam({ durationSeconds: 60 });
    expect((await video(user, quizId, 0, WEBM_HEADER_SLICE)).status).toBe(201);
    expect((await video(user, quizId, 1, webmContinuation(300_000))).status).toBe(201);
    const over = await video(user, quizId, 2, webmContinuation(300_000));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe("This exam's recording has reached its size limit; nothing more can be stored.");
    expect((await snapshot(user, quizId, 2, Buffer.concat([JPEG.subarray(0, 11), Buffer.alloc(300_000, 3), JPEG.subarray(-2)]))).status).toBe(409);
    // Replacing a slice already held (a retry) is not more.
    expect((await video(user, quizId, 1, webmContinuation(300_000, 2))).status).toBe(201);
    expect(await storedSequences(attemptId)).toEqual([0, 1]);
  });

  it("lets only what fits through when one attempt's uploads race, and keeps no bytes of the refused", async () => {
    config.proctoring.recordingMaxKbps = 14;
    const { quizId, user, attemptId } = await startedExam({ durationSeconds: 60 });
    expect((await video(user, quizId, 0, WEBM_HEADER_SLICE)).status).toBe(201);
    // Each fits alone in the ~0.4 MB left; two together do not.
    const answers = await Promise.all([1, 2, 3, 4].map((sequence) => video(user, quizId, sequence, webmContinuation(250_000))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await storedSequences(attemptId)).toHaveLength(2);
    const folder = path.join(config.storage.kind === "local" ? config.storage.directory : "", "recordings", attemptId, "video");
    const objects = (await readdir(folder)).filter((file) => file.endsWith(".webm"));
    expect(objects).toHaveLength(2);
  });

  it("refuses a slice that finds the disk full with 507, keeps none of it, and takes the browser's retry once there is room", async () => {
    const { quizId, user, attemptId } = await startedExam();
    expect((await video(user, quizId, 0, WEBM_HEADER_SLICE)).status).toBe(201);
    const disk = fillUp(path.join(config.storage.kind === "local" ? config.storage.directory : "", "recordings", attemptId, "snapshot"));
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    try {
      const full = await snapshot(user, quizId, 1, JPEG);
      expect(full.status).toBe(507);
      expect(full.body.message).toBe("Storage is full; the administrator has been told.");
      expect(disk.files()).toEqual([]);
      expect(await storedSequences(attemptId, "snapshot")).toEqual([]);
    } finally {
      errors.mockRestore();
      disk.release();
    }
    expect((await snapshot(user, quizId, 1, JPEG)).status).toBe(201);
    expect(await storedSequences(attemptId, "snapshot")).toEqual([1]);
  });

  it("refuses slices once a short grace after submission has passed", async () => {
    const { quizId, user, attemptId } = await startedExam();
    expect((await video(user, quizId, 0, WEBM_HEADER_SLICE)).status).toBe(201);
    expect((await call(submit, { as: user, params: { quizId } })).status).toBe(200);
    // The last slices still in flight when the participant submits are taken.
    expect((await video(user, quizId, 1, webmContinuation(100))).status).toBe(201);
    // Submitted longer ago (as only an insider could move it: a submitted attempt is frozen).
    await asInsider((tx) => tx.execute(sql`update attempts set submitted_at = now() - ${`${config.proctoring.lateUploadGraceSeconds + 1} seconds`}::interval where id = ${attemptId}`));
    const late = await video(user, quizId, 2, webmContinuation(100));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This exam has ended; no more recording is accepted.");
    expect((await snapshot(user, quizId, 2, JPEG)).status).toBe(409);
    expect(await storedSequences(attemptId)).toEqual([0, 1]);
  });
});

describe("focus logs are bounded per attempt", () => {
  const event = () => ({ kind: "blur", occurredAt: new Date().toISOString() });

  async function focusCount(attemptId: string) {
    const db = await getDb();
    return (await db.select().from(focusEventRows).where(eq(focusEventRows.attemptId, attemptId))).length;
  }

  it("refuses focus events after submission", async () => {
    const { quizId, user, attemptId } = await startedExam();
    expect((await call(focusEvents, { as: user, params: { quizId }, json: { events: [event()] } })).status).toBe(200);
    expect((await call(submit, { as: user, params: { quizId } })).status).toBe(200);
    const refused = await call(focusEvents, { as: user, params: { quizId }, json: { events: [event(), event()] } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This exam has been submitted; its proctoring log is closed.");
    expect(await focusCount(attemptId)).toBe(1);
  });

  it("caps the events one attempt can log", async () => {
    config.proctoring.focusEventsPerAttempt = 5;
    const { quizId, user, attemptId } = await startedExam();
    expect((await call(focusEvents, { as: user, params: { quizId }, json: { events: [event(), event(), event()] } })).status).toBe(200);
    const over = await call(focusEvents, { as: user, params: { quizId }, json: { events: [event(), event(), event()] } });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe("This exam's proctoring log is full.");
    expect((await call(focusEvents, { as: user, params: { quizId }, json: { events: [event(), event()] } })).status).toBe(200);
    expect(await focusCount(attemptId)).toBe(5);
  });

  it("never stops a submission: the log sent with it is cut to what fits", async () => {
    config.proctoring.focusEventsPerAttempt = 3;
    const { quizId, user, attemptId } = await startedExam();
    expect((await call(focusEvents, { as: user, params: { quizId }, json: { events: [event(), event()] } })).status).toBe(200);
    const submitted = await call(saveResponse, { as: user, json: { participantId: user.id, quizId, answers: [], focusLogs: [event(), event(), event()] } });
    expect(submitted.status).toBe(200);
    expect(await focusCount(attemptId)).toBe(3);
  });
});
