"use client";

import { useEffect, useRef, useState } from "react";
import { ApiError, callApi } from "@/lib/client";
import type { ExamView } from "@/lib/exam";
import { ExamStart } from "./ExamStart";
import type { ExamLanguage } from "./language";
import type { QuizFacts } from "./ExamRules";
import { LiveExam } from "./LiveExam";
import { requestExamMedia, type ExamMedia } from "./media";
import { RecordingStatus } from "./RecordingStatus";
import { SubmittedView, type ExamResult } from "./SubmittedView";
import { markSubmitted, progressKey, restoreProgress, type RestoredProgress } from "./useExamProgress";
import { useRecorder } from "./useRecorder";

const MEDIA_REQUIRED = "You must allow camera, microphone, and screen sharing to begin the exam.";
const FULLSCREEN_FAILED = "Full-screen mode could not be started. The timer runs only in full-screen mode: use 'Return to full screen' to continue.";
const RECORDING_UNSUPPORTED = "This browser cannot record the exam. Please use a recent version of Chrome, Edge or Firefox.";
const START_FAILED = "The quiz could not be started. Please try again.";

type Phase =
  | { name: "ready"; starting: boolean; error?: string }
  | { name: "live"; view: ExamView; restored: RestoredProgress; deadlineMs: number }
  | { name: "finished"; result: ExamResult; notice?: string };

export interface ExamRoomProps {
  quizId: string;
  participantId: string;
  quiz: QuizFacts & { title: string };
  /** The participant's attempt as the server has it, or null before the first start. */
  initialView: ExamView | null;
  /** The sequence number the recording continues from (the chunks the server already holds). */
  firstChunkSequence: number;
  /** Webcam snapshots are off unless an interval is given (SPEC §9). */
  snapshotIntervalMs?: number;
  /** The language the questions are shown in, where they have a version in it. */
  language?: ExamLanguage;
}

/** The server's deadline on this browser's clock, which may differ from the server's. */
function localDeadline(view: ExamView): number {
  return Date.parse(view.deadlineAt) - (Date.parse(view.serverNow) - Date.now());
}

async function leaveFullscreen() {
  if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
}

/** The proctored exam: instructions and start, the live questions, then the result. */
export function ExamRoom({ quizId, participantId, quiz, initialView, firstChunkSequence, snapshotIntervalMs, language = "en" }: ExamRoomProps) {
  const roomRef = useRef<HTMLElement>(null);
  const [phase, setPhase] = useState<Phase>(() =>
    initialView?.submitted ? { name: "finished", result: initialView.submitted } : { name: "ready", starting: false },
  );
  const [announcement, setAnnouncement] = useState("");
  const { recording, progress } = useRecorder({ quizId, participantId, firstSequence: firstChunkSequence });
  const storageKey = progressKey(quizId, participantId);
  const resuming = initialView !== null;

  // Full-screen mode ends with the exam; the proctoring listeners are gone by now.
  const finished = phase.name === "finished";
  useEffect(() => {
    if (finished) void leaveFullscreen();
  }, [finished]);

  async function enterFullscreen() {
    try {
      await roomRef.current?.requestFullscreen();
    } catch {
      window.alert(FULLSCREEN_FAILED);
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
      window.alert(MEDIA_REQUIRED);
      setPhase({ name: "ready", starting: false });
      return;
    }
    await enterFullscreen();
    try {
      await recording.start(media, snapshotIntervalMs);
    } catch {
      window.alert(RECORDING_UNSUPPORTED);
      await abandonStart({ name: "ready", starting: false });
      return;
    }
    let view: ExamView;
    try {
      view = await callApi<ExamView>(`/api/exam/${quizId}/start`, { method: "POST" });
    } catch (error) {
      const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : START_FAILED;
      await abandonStart({ name: "ready", starting: false, error: message });
      return;
    }
    if (view.submitted) {
      await abandonStart({ name: "finished", result: view.submitted });
      return;
    }
    recording.beginUploads();
    setPhase({ name: "live", view, restored: restoreProgress(storageKey, view, resuming), deadlineMs: localDeadline(view) });
  }

  function finish(result: ExamResult, notice: string) {
    markSubmitted(storageKey);
    recording.stop();
    setPhase({ name: "finished", result, notice });
  }

  return (
    <section ref={roomRef} aria-label="Quiz" className="bg-slate-50 [&:fullscreen]:overflow-y-auto [&:fullscreen]:p-6">
      {phase.name === "ready" && (
        <ExamStart quiz={quiz} resuming={resuming} starting={phase.starting} error={phase.error} onStart={() => void start()} />
      )}
      {phase.name === "live" && (
        <LiveExam
          view={phase.view}
          restored={phase.restored}
          deadlineMs={phase.deadlineMs}
          participantId={participantId}
          progressKey={storageKey}
          resuming={resuming}
          onReturnToFullscreen={() => void enterFullscreen()}
          onFinished={finish}
          language={language}
          onAnnounce={setAnnouncement}
        />
      )}
      {phase.name === "finished" && <SubmittedView quizId={quizId} result={phase.result} notice={phase.notice} />}
      <RecordingStatus progress={progress} />
      {/* Here, not in the live screen: "Time is up" must still be read while the summary replaces it. */}
      <p role="status" className="sr-only">{announcement}</p>
    </section>
  );
}
