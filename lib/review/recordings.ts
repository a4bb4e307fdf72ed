import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { recordingChunks } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { log } from "@/lib/log";
import { storage } from "@/lib/storage";
import { message } from "@/lib/catalogue";

/** The read side of an attempt's proctoring recording (lib/exam stores it as it is made): admins watch it here. */

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
  if (!chunks) throw new NotFound(message("recordingNotFound"));
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
