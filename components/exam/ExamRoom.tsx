"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/client";
import type { ExamView } from "@/lib/exam";
import { ExamStart, type QueuedStart } from "./ExamStart";
import type { QuizFacts } from "./ExamRules";
import type { Paper, ShownText } from "@/lib/quizzes/schemas";
import { LiveExam } from "./LiveExam";
import { requestExamMedia, type ExamMedia } from "./media";
import { RecordingStatus } from "./RecordingStatus";
import { startWhenLetIn } from "./startWhenLetIn";
import { fetchPaperEarly } from "./withPaper";
import { SubmittedView, type ExamResult, type ExamSummary } from "./SubmittedView";
import { markSubmitted, progressKey, restoreProgress, type RestoredProgress } from "./useExamProgress";
import { useRecorder } from "./useRecorder";

/** A start the server refused says why in its words; any other failure in ours. */
type StartFailure = { serverMessage: string | null };

type Phase =
  | { name: "ready"; starting: boolean; failure?: StartFailure; queue?: QueuedStart }
  | { name: "live"; view: ExamView; restored: RestoredProgress; deadlineMs: number }
  | { name: "finished"; result: ExamResult; summary?: ExamSummary };

export interface ExamRoomProps {
  quizId: string;
  participantId: string;
  quiz: QuizFacts & { title: ShownText };
  /** The quiz's sections and their marking, stated again before the start; null without sections. */
  paper?: Paper | null;
  /** The participant's attempt as the server has it, or null before the first start. */
  initialView: ExamView | null;
  /** The sequence number the recording continues from (the chunks the server already holds). */
  firstChunkSequence: number;
  /** Webcam snapshots are off unless an interval is given (SPEC §9). */
  snapshotIntervalMs?: number;
}

/** The server's deadline on this browser's clock, which may differ from the server's. */
function localDeadline(view: ExamView): number {
  return Date.parse(view.deadlineAt) - (Date.parse(view.serverNow) - Date.now());
}

async function leaveFullscreen() {
  if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
}

/** The proctored exam: instructions and start, the live questions, then the result. */
export function ExamRoom({ quizId, participantId, quiz, paper, initialView, firstChunkSequence, snapshotIntervalMs }: ExamRoomProps) {
  const t = useTranslations("exam");
  const roomRef = useRef<HTMLElement>(null);
  const [phase, setPhase] = useState<Phase>(() =>
    initialView?.submitted ? { name: "finished", result: initialView.submitted } : { name: "ready", starting: false },
  );
  const [announcement, setAnnouncement] = useState("");
  const { recording, progress } = useRecorder({ quizId, participantId, firstSequence: firstChunkSequence });
  const storageKey = progressKey(quizId, participantId);
  // As when the page was opened: a refresh (the language switch) brings the started attempt as
  // initialView, and the proctoring log would reopen as resumed, dropping events not sent yet.
  const [resuming] = useState(initialView !== null);

  // A start waiting its turn in the server's queue must not go on to start the clock once the
  // participant has left the page (set again on mount: development mounts twice).
  const left = useRef(false);
  useEffect(() => {
    left.current = false;
    return () => {
      left.current = true;
    };
  }, []);

  // The sealed exam paper comes while the participant reads the rules, not with the hall's Start.
  const alreadySubmitted = Boolean(initialView?.submitted);
  useEffect(() => {
    if (!alreadySubmitted) fetchPaperEarly(quizId);
  }, [quizId, alreadySubmitted]);

  // Full-screen mode ends with the exam; the proctoring listeners are gone by now.
  const finished = phase.name === "finished";
  useEffect(() => {
    if (finished) void leaveFullscreen();
  }, [finished]);

  async function enterFullscreen() {
    try {
      await roomRef.current?.requestFullscreen();
    } catch {
      window.alert(t("start.fullscreenFailed"));
    }
  }

  async function abandonStart(phaseAfter: Phase) {
    recording.discard();
    await leaveFullscreen();
    setPhase(phaseAfter);
  }

  async function start() {
    setPhase({ name: "ready", starting: true });
    let media: ExamMedia;
    try {
      media = await requestExamMedia();
    } catch {
      window.alert(t("start.mediaRequired"));
      setPhase({ name: "ready", starting: false });
      return;
    }
    await enterFullscreen();
    try {
      await recording.start(media, snapshotIntervalMs);
    } catch {
      window.alert(t("start.recordingUnsupported"));
      await abandonStart({ name: "ready", starting: false });
      return;
    }
    let view: ExamView;
    try {
      view = await startWhenLetIn(quizId, {
        onQueued: (note, turnAt) => setPhase({ name: "ready", starting: true, queue: { note, turnAt } }),
        hasLeft: () => left.current,
      });
    } catch (error) {
      const serverMessage = error instanceof ApiError && error.serverMessage ? error.serverMessage : null;
      await abandonStart({ name: "ready", starting: false, failure: { serverMessage } });
      return;
    }
    if (view.submitted) {
      await abandonStart({ name: "finished", result: view.submitted });
      return;
    }
    recording.beginUploads();
    setPhase({ name: "live", view, restored: restoreProgress(storageKey, view, resuming), deadlineMs: localDeadline(view) });
  }

  function finish(result: ExamResult, summary: ExamSummary) {
    markSubmitted(storageKey);
    recording.stop();
    setPhase({ name: "finished", result, summary });
  }

  // Full screen, the room scrolls the exam: its scroll padding clears the time left's sticky bar (LiveExam), in rem as it grows with the text.
  return (
    <section ref={roomRef} aria-label={t("quiz")} className="bg-slate-50 [&:fullscreen]:overflow-y-auto [&:fullscreen]:scroll-pt-24 [&:fullscreen]:p-3 sm:[&:fullscreen]:p-6">
      {phase.name === "ready" && (
        <ExamStart
          quiz={quiz}
          paper={paper}
          resuming={resuming}
          starting={phase.starting}
          error={phase.failure && (phase.failure.serverMessage ?? t("start.startFailed"))}
          queue={phase.queue}
          onStart={() => void start()}
        />
      )}
      {phase.name === "live" && (
        <LiveExam
          view={phase.view}
          title={quiz.title}
          restored={phase.restored}
          deadlineMs={phase.deadlineMs}
          participantId={participantId}
          progressKey={storageKey}
          resuming={resuming}
          onReturnToFullscreen={() => void enterFullscreen()}
          onFinished={finish}
          onAnnounce={setAnnouncement}
        />
      )}
      {phase.name === "finished" && <SubmittedView quizId={quizId} result={phase.result} summary={phase.summary} />}
      <RecordingStatus progress={progress} />
      {/* Here, not in the live screen: "Time is up" must still be read while the summary replaces it. */}
      <p role="status" className="sr-only">{announcement}</p>
    </section>
  );
}
