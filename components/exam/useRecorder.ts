import { useEffect, useState } from "react";
import { ExamRecording, type RecordingProgress, type RecordingTarget } from "./recording";

/** The exam's recording and its upload progress, for the status line. */
export function useRecorder(target: RecordingTarget) {
  const [progress, setProgress] = useState<RecordingProgress>({ total: 0, uploaded: 0, waiting: 0, failing: false, savedSeconds: 0 });
  const [recording] = useState(() => new ExamRecording(target, setProgress));

  // Leaving the screen ends the capture (camera light off); uploads go on while the tab lives.
  useEffect(() => () => recording.stop(), [recording]);

  // Closing the tab would lose chunks not uploaded yet: ask first.
  const uploading = progress.waiting > 0;
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [uploading]);

  return { recording, progress };
}
