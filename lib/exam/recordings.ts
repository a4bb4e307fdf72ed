import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { attempts, recordingChunks } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { Conflict, Invalid, NotFound } from "@/lib/errors";
import { log } from "@/lib/log";
import { storage } from "@/lib/storage";
import { detectImageType, MAX_UPLOAD_BYTES } from "@/lib/uploads/schemas";
import { FILE_TOO_LARGE } from "@/lib/messages";

export type RecordingKind = "video" | "snapshot";

/** Chunks still in flight when the exam ends may arrive a little after the deadline. */
const LATE_UPLOAD_GRACE_MS = 5 * 60 * 1000;
const WEBM_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

function startsWithWebmHeader(bytes: Uint8Array): boolean {
  return WEBM_MAGIC.every((byte, index) => bytes[index] === byte);
}

function checkContent(kind: RecordingKind, sequence: number, bytes: Uint8Array): string {
  if (kind === "snapshot") {
    if (detectImageType(bytes)?.contentType !== "image/jpeg") throw new Invalid("A snapshot must be a JPEG image.");
    return "image/jpeg";
  }
  // Only a recording's first slice carries the WebM header; later slices continue it.
  if (sequence === 0 && !startsWithWebmHeader(bytes)) throw new Invalid("The recording must be WebM video.");
  return "video/webm";
}

/**
 * Stores one slice of an attempt's recording under its sequence number. Idempotent, so a
 * browser may retry a failed upload as often as it needs to without duplicating anything.
 */
export const storeRecordingChunk = service("exam.record", async (user, quizId: string, kind: RecordingKind, sequence: number, file: File | null, now: Date = new Date()) => {
  if (!file || file.size === 0) throw new Invalid(kind === "video" ? "Exam video upload failed!" : "Snapshot upload failed!");
  if (file.size > MAX_UPLOAD_BYTES) throw new Invalid(FILE_TOO_LARGE);
  const db = await getDb();
  const [attempt] = await db
    .select({ id: attempts.id, deadlineAt: attempts.deadlineAt })
    .from(attempts)
    .where(and(eq(attempts.participantId, user.id), eq(attempts.quizId, quizId)));
  if (!attempt) throw new NotFound("Start the quiz first.");
  if (now.getTime() > attempt.deadlineAt.getTime() + LATE_UPLOAD_GRACE_MS) throw new Conflict("This exam has ended; no more recording is accepted.");

  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = checkContent(kind, sequence, bytes);
  // Each upload gets its own object; the row decides which one counts.
  const objectKey = `recordings/${attempt.id}/${kind}/${String(sequence).padStart(6, "0")}-${randomUUID().slice(0, 8)}.${kind === "video" ? "webm" : "jpg"}`;
  await storage().put(objectKey, bytes, contentType);
  const startsSegment = kind === "video" && startsWithWebmHeader(bytes);
  const [previous] = await db
    .select({ objectKey: recordingChunks.objectKey })
    .from(recordingChunks)
    .where(and(eq(recordingChunks.attemptId, attempt.id), eq(recordingChunks.kind, kind), eq(recordingChunks.sequence, sequence)));
  const stored = await db
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
  const superseded = stored.length === 1 ? previous?.objectKey : objectKey;
  if (superseded && superseded !== stored[0]?.objectKey) await storage().delete(superseded);
  return { url: `/api/recordings/${attempt.id}` };
});

async function videoChunks(attemptId: string) {
  const db = await getDb();
  return db
    .select({ objectKey: recordingChunks.objectKey, sizeBytes: recordingChunks.sizeBytes, startsSegment: recordingChunks.startsSegment })
    .from(recordingChunks)
    .where(and(eq(recordingChunks.attemptId, attemptId), eq(recordingChunks.kind, "video")))
    .orderBy(asc(recordingChunks.sequence));
}

type Chunk = Awaited<ReturnType<typeof videoChunks>>[number];

/** A reload restarts the recorder, so an attempt's video may come in several playable segments. */
function splitSegments(chunks: Chunk[]): Chunk[][] {
  const segments: Chunk[][] = [];
  for (const chunk of chunks) {
    if (chunk.startsSegment || segments.length === 0) segments.push([]);
    segments[segments.length - 1].push(chunk);
  }
  return segments;
}

export async function recordingSegmentCount(attemptId: string): Promise<number> {
  return splitSegments(await videoChunks(attemptId)).length;
}

/** One segment of an attempt's video, its slices streamed back to back in recording order: admins only. */
export const streamRecording = service("exam.viewRecordings", async (_viewer, attemptId: string, segment: number = 0) => {
  const chunks = splitSegments(await videoChunks(attemptId))[segment];
  if (!chunks) throw new NotFound("No recording for this attempt.");
  const store = storage();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next >= chunks.length) return controller.close();
      const { objectKey } = chunks[next++];
      const bytes = await store.get(objectKey);
      // A slice the database lists but the store lacks would make a shorter, broken video that
      // looks complete: break the download instead, and say which object is gone.
      if (!bytes) {
        log.error({ attemptId, objectKey }, "recording slice missing from storage");
        return controller.error(new Error(`recording slice ${objectKey} is missing from storage`));
      }
      controller.enqueue(new Uint8Array(bytes));
    },
  });
  const size = chunks.reduce((total, chunk) => total + chunk.sizeBytes, 0);
  return { body, size, contentType: "video/webm" };
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
