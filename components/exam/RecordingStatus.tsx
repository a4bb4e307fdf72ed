import { useTranslations } from "next-intl";
import { formatMinutesSeconds } from "@/lib/format";
import type { RecordingProgress } from "./recording";

/** Chunks (seconds) waiting to be sent before the line says it is catching up: one in flight is normal. */
const BEHIND_CHUNKS = 2;

type RecordingTexts = ReturnType<typeof useTranslations<"exam.recording">>;

/** How much of the recording the server has confirmed, and whether uploads are catching up. */
export function savedLine(progress: RecordingProgress, t: RecordingTexts): string {
  const behind = progress.waiting > BEHIND_CHUNKS;
  if (progress.savedSeconds === 0) return t("saving");
  return t(behind ? "savedUpToCatchingUp" : "savedUpTo", { time: formatMinutesSeconds(progress.savedSeconds) });
}

export function RecordingStatus({ progress }: { progress: RecordingProgress }) {
  const t = useTranslations("exam.recording");
  if (progress.total === 0) return null;
  return (
    <div className="mt-4 flex flex-col gap-2 text-sm">
      {/* Not live regions: they change every second. */}
      <p className="text-slate-600">{t("uploaded", { uploaded: progress.uploaded, total: progress.total })}</p>
      <p className="text-slate-600">{savedLine(progress, t)}</p>
      {progress.failing && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          {/* SPEC §8's alert for a connection that is down; a server not answering is not the participant's fault. */}
          {progress.cause === "server" ? t("serverDown") : t("connectionDown")}
        </p>
      )}
    </div>
  );
}
