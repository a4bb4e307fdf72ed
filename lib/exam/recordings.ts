import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { attempts, recordingChunks } from "@/db/schema";
import { service } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb, type Queryable } from "@/lib/db";
import { Conflict, Invalid, NotFound } from "@/lib/errors";
import { storage } from "@/lib/storage";
import { detectImageType, MAX_UPLOAD_BYTES } from "@/lib/uploads/schemas";
import { message } from "@/lib/catalogue";
import { webmSliceKind } from "./webm";

export type RecordingKind = "video" | "snapshot";

/** The recorder's 1 s timeslice, with room for a timer that runs a little fast. */
const SLICES_PER_SECOND = 1.25;
/** The recorder starts before the attempt exists (it waits for the start request), and again on a reload. */
const LEAD_SECONDS = 120;
/** How far past the last video slice held the next may be numbered (a few refused in between). */
const SEQUENCE_WINDOW = 120;

type AttemptClock = { startedAt: Date; deadlineAt: Date; submittedAt: Date | null };

/**
 * What one attempt's recording may hold, from its own clock: slices are taken until a short
 * grace after submission (or the deadline, extra time included); its
 * bytes average at most the configured bitrate over that whole time; and as the recorder makes
 * about one slice a second, no slice can be numbered further along than the clock.
 */
function recordingLimits(attempt: AttemptClock, now: Date) {
  const { recordingMaxKbps, lateUploadGraceSeconds } = config.proctoring;
  const closesAt = (attempt.submittedAt ?? attempt.deadlineAt).getTime() + lateUploadGraceSeconds * 1000;
  const seconds = (attempt.deadlineAt.getTime() - attempt.startedAt.getTime()) / 1000 + lateUploadGraceSeconds + LEAD_SECONDS;
  const elapsedSeconds = (Math.min(now.getTime(), closesAt) - attempt.startedAt.getTime()) / 1000;
  return {
    open: now.getTime() <= closesAt,
    maxBytes: Math.floor(seconds * recordingMaxKbps * 125),
    maxSlices: Math.ceil(seconds * SLICES_PER_SECOND),
    maxSequence: Math.floor((Math.max(0, elapsedSeconds) + LEAD_SECONDS) * SLICES_PER_SECOND),
  };
}

/** What the attempt's recording holds now, and what this upload would replace. */
async function recordingUsage(db: Queryable, attemptId: string, kind: RecordingKind, sequence: number) {
  const { rows } = await db.execute<{ bytes: string; slices: number; last_video: number | null; replaced_bytes: string; replacing: boolean }>(sql`
    select coalesce(sum(size_bytes), 0)::bigint as bytes,
           count(*) filter (where kind = ${kind})::int as slices,
           max(sequence) filter (where kind = 'video') as last_video,
           coalesce(sum(size_bytes) filter (where kind = ${kind} and sequence = ${sequence}), 0)::bigint as replaced_bytes,
           bool_or(kind = ${kind} and sequence = ${sequence}) is true as replacing
    from recording_chunks where attempt_id = ${attemptId}`);
  const [row] = rows;
  return { bytes: Number(row.bytes), slices: row.slices, lastVideo: row.last_video ?? -1, replacedBytes: Number(row.replaced_bytes), replacing: row.replacing };
}

/** Throws unless the slice fits: in sequence, and within the attempt's bytes and slices. */
async function admitSlice(db: Queryable, attemptId: string, limits: ReturnType<typeof recordingLimits>, kind: RecordingKind, sequence: number, size: number) {
  const usage = await recordingUsage(db, attemptId, kind, sequence);
  const tooFar = sequence > limits.maxSequence || (kind === "video" && sequence > usage.lastVideo + SEQUENCE_WINDOW);
  if (tooFar && !usage.replacing) throw new Conflict(message("recordingOutOfOrder"));
  const slices = usage.slices + (usage.replacing ? 0 : 1);
  if (usage.bytes - usage.replacedBytes + size > limits.maxBytes || slices > limits.maxSlices) throw new Conflict(message("recordingFull"));
}

function checkContent(kind: RecordingKind, bytes: Uint8Array): { contentType: string; startsSegment: boolean } {
  if (kind === "snapshot") {
    if (detectImageType(bytes)?.contentType !== "image/jpeg") throw new Invalid(message("snapshotNotJpeg"));
    return { contentType: "image/jpeg", startsSegment: false };
  }
  // A recording's first slice (and the first after a reload) starts a WebM file; later slices continue it.
  const slice = webmSliceKind(bytes);
  if (!slice) throw new Invalid(message("notWebm"));
  return { contentType: "video/webm", startsSegment: slice === "header" };
}

/**
 * Stores one slice of an attempt's recording under its sequence number. Idempotent, so a
 * browser may retry a failed upload as often as it needs to without duplicating anything.
 * Bounded per attempt (see recordingLimits): checked before the bytes are stored, and again,
 * one upload of the attempt at a time, before the slice is counted.
 */
export const storeRecordingChunk = service("exam.record", async (user, quizId: string, kind: RecordingKind, sequence: number, file: File | null, now: Date = new Date()) => {
  if (!file || file.size === 0) throw new Invalid(message(kind === "video" ? "examVideoUploadFailed" : "snapshotUploadFailed"));
  if (file.size > MAX_UPLOAD_BYTES) throw new Invalid(message("fileTooLarge"));
  const db = await getDb();
  const [attempt] = await db
    .select({ id: attempts.id, startedAt: attempts.startedAt, deadlineAt: attempts.deadlineAt, submittedAt: attempts.submittedAt })
    .from(attempts)
    .where(and(eq(attempts.participantId, user.id), eq(attempts.quizId, quizId)));
  if (!attempt) throw new NotFound(message("startQuizFirst"));
  const limits = recordingLimits(attempt, now);
  if (!limits.open) throw new Conflict(message("recordingClosed"));

  const bytes = new Uint8Array(await file.arrayBuffer());
  const { contentType, startsSegment } = checkContent(kind, bytes);
  await admitSlice(db, attempt.id, limits, kind, sequence, bytes.length);
  // Each upload gets its own object; the row decides which one counts.
  const objectKey = `recordings/${attempt.id}/${kind}/${String(sequence).padStart(6, "0")}-${randomUUID().slice(0, 8)}.${kind === "video" ? "webm" : "jpg"}`;
  await storage().put(objectKey, bytes, contentType);
  let superseded: string | undefined;
  try {
    superseded = await db.transaction(async (tx) => {
      // Two uploads of one attempt at once must not both fit in the room left for one.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`recording:${attempt.id}`}, 0))`);
      await admitSlice(tx, attempt.id, limits, kind, sequence, bytes.length);
      const [previous] = await tx
        .select({ objectKey: recordingChunks.objectKey })
        .from(recordingChunks)
        .where(and(eq(recordingChunks.attemptId, attempt.id), eq(recordingChunks.kind, kind), eq(recordingChunks.sequence, sequence)));
      const stored = await tx
        .insert(recordingChunks)
        .values({ attemptId: attempt.id, kind, sequence, objectKey, sizeBytes: bytes.length, startsSegment })
        .onConflictDoUpdate({
          target: [recordingChunks.attemptId, recordingChunks.kind, recordingChunks.sequence],
          set: { sizeBytes: bytes.length, objectKey, startsSegment },
          // After a reload the new recorder reuses the next number; a slice still in flight from the
          // old page must not replace the new recording's header.
          setWhere: sql`not (${recordingChunks.startsSegment} and not excluded.starts_segment)`,
        })
        .returning({ objectKey: recordingChunks.objectKey });
      // The object that no longer counts: the one replaced, or this upload's own if it replaced nothing.
      return stored.length === 1 ? previous?.objectKey : objectKey;
    });
  } catch (error) {
    await storage().delete(objectKey);
    throw error;
  }
  if (superseded) await storage().delete(superseded);
  return { url: `/api/recordings/${attempt.id}` };
});

/**
 * Where a reloaded page's recorder continues: after the last slice the server holds, so it
 * never overwrites what was already recorded.
 */
export const nextRecordingSequence = service("exam.record", async (user, quizId: string): Promise<number> => {
  const db = await getDb();
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${recordingChunks.sequence}) + 1, 0)::int` })
    .from(recordingChunks)
    .innerJoin(attempts, eq(attempts.id, recordingChunks.attemptId))
    .where(and(eq(attempts.participantId, user.id), eq(attempts.quizId, quizId), eq(recordingChunks.kind, "video")));
  return row?.next ?? 0;
});
