import { formatMinutesSeconds } from "@/lib/format";
import type { RecordingProgress } from "./recording";

/** SPEC §8's alert, for a connection that is down (or a chunk the server refused). */
const CONNECTION_DOWN = "Recording upload failed. Please check your internet connection.";
/** The browser is online but our server answers with errors or not at all: not the participant's fault. */
const SERVER_DOWN =
  "Recording upload is waiting: our server is not answering right now. Keep going: the recording is kept on this device and will be sent automatically.";

/** Chunks (seconds) waiting to be sent before the line says it is catching up: one in flight is normal. */
const BEHIND_CHUNKS = 2;

/** How much of the recording the server has confirmed, and whether uploads are catching up. */
export function savedLine(progress: RecordingProgress): string {
  const behind = progress.waiting > BEHIND_CHUNKS;
  if (progress.savedSeconds === 0) return "Recording: saving…";
  return `Recording: saved up to ${formatMinutesSeconds(progress.savedSeconds)}${behind ? ", saving…" : ""}`;
}

export function RecordingStatus({ progress }: { progress: RecordingProgress }) {
  if (progress.total === 0) return null;
  return (
    <div className="mt-4 flex flex-col gap-2 text-sm">
      {/* Not live regions: they change every second. */}
      <p className="text-slate-600">
        Recording: uploaded {progress.uploaded} of {progress.total} chunks
      </p>
      <p className="text-slate-600">{savedLine(progress)}</p>
      {progress.failing && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          {progress.cause === "server" ? SERVER_DOWN : CONNECTION_DOWN}
        </p>
      )}
    </div>
  );
}
