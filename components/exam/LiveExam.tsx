import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { LanguageSwitch } from "@/components/shell/LanguageSwitch";
import { FormMessage, primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";
import { ApiError, callApi } from "@/lib/client";
import type { ExamClock, ExamView } from "@/lib/exam";
import { LANGUAGE_NAMES, otherLanguage, type Language } from "@/lib/i18n/schemas";
import type { ShownText } from "@/lib/quizzes/schemas";
import type { AnswerValue } from "./answer";
import { AnswerOutbox, saveMark } from "./answerOutbox";
import { ExamTimer, WARNING_SECONDS } from "./ExamTimer";
import { QuestionMarking, sectionNameIn } from "./QuestionMarking";
import { QuestionNavigator } from "./QuestionNavigator";
import { QuestionView } from "./QuestionView";
import type { ExamResult, ExamSummary } from "./SubmittedView";
import { useExamClock } from "./useExamClock";
import { useExamProgress, type RestoredProgress, type SavedAnswers } from "./useExamProgress";
import { useIsFullscreen } from "./useFullscreen";
import { useProctoring } from "./useProctoring";
import { useSaveState } from "./useSaveState";
import { SubmitConfirmation } from "./SubmitConfirmation";

interface LiveExamProps {
  view: ExamView;
  /** The quiz's title in the page's language, drawn again when the language switches. */
  title: ShownText;
  restored: RestoredProgress;
  deadlineMs: number;
  participantId: string;
  progressKey: string;
  resuming: boolean;
  onReturnToFullscreen: () => void;
  onFinished: (result: ExamResult, summary: ExamSummary) => void;
  /** Says something once to a screen reader, in a live region that outlasts this screen. */
  onAnnounce: (message: string) => void;
}

type LiveTexts = ReturnType<typeof useTranslations<"exam.live">>;

/** "10 minutes", "7 minutes 30 seconds": read out by a screen reader as written. */
function spokenDuration(t: LiveTexts, totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const parts = [minutes > 0 && t("minutes", { count: minutes }), seconds > 0 && t("seconds", { count: seconds })];
  return parts.filter(Boolean).join(" ");
}

/** A typed number is saved once typing pauses this long (or sooner, with a move or the submit). */
const TYPED_SAVE_PAUSE_MS = 1500;
/**
 * A move alone tells the server the new place once the participant has stayed this long (or sooner,
 * with the next answer): paging through questions to review them is not a save per page.
 */
const POSITION_SAVE_PAUSE_MS = 5000;

/** A submission that failed: the server's reason when it gave one (it closed the exam), else ours. */
type SubmitFailure = { serverMessage?: string };

/** The most recent answer: re-sending it stores the position and time left without changing any answer. */
function latestAnswer(answers: SavedAnswers) {
  const [latest] = Object.entries(answers).sort(([, a], [, b]) => b.answeredAt.localeCompare(a.answeredAt));
  return latest && { questionId: latest[0], ...latest[1] };
}

async function submittedResult(path: string, init?: { method: string }): Promise<ExamResult> {
  const view = await callApi<ExamView>(path, init);
  if (!view.submitted) throw new Error("The attempt is not submitted.");
  return view.submitted;
}

/**
 * Once when a minute is left (again if extra time took it back above a minute), and at zero; the
 * ticking counter itself stays silent.
 */
function useTimeAnnouncements(secondsLeft: number, announce: (message: string) => void) {
  const t = useTranslations("exam.live");
  const warned = useRef(false);
  useEffect(() => {
    if (secondsLeft > WARNING_SECONDS) warned.current = false;
    else if (secondsLeft <= 0) announce(t("timeUp"));
    else if (!warned.current) {
      warned.current = true;
      announce(t("timeLeftAnnouncement", { duration: spokenDuration(t, secondsLeft) }));
    }
  }, [secondsLeft, announce, t]);
}

export function LiveExam({ view, title, restored, deadlineMs, participantId, progressKey, resuming, onReturnToFullscreen, onFinished, onAnnounce }: LiveExamProps) {
  const t = useTranslations("exam.live");
  const shell = useTranslations("shell");
  // Questions in the page's language where they have a version in it: the language switch only draws them again.
  const language = useLocale() as Language;
  const { quizId, questions } = view;
  const isFullscreen = useIsFullscreen();
  const [answers, setAnswers] = useState(restored.answers);
  const [currentIndex, setCurrentIndex] = useState(restored.currentIndex);
  const [submitting, setSubmitting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  const [failure, setFailure] = useState<SubmitFailure>();
  const log = useProctoring(quizId, participantId, resuming);

  const [outbox] = useState(() => new AnswerOutbox(quizId, view.answers));
  const { state: saveState, late } = useSaveState(outbox);
  useEffect(() => {
    outbox.whenClosed((message) => {
      submittedResult(`/api/exam/${quizId}`).then(
        (result) => onFinished(result, { serverMessage: message }),
        () => {
          // The server has the attempt submitted; "Submit Quiz" fetches its result.
          setFailure({ serverMessage: message });
          setSubmitting(false);
        },
      );
    });
  }, [outbox, quizId, onFinished]);
  useEffect(() => () => outbox.dispose(), [outbox]);

  // The server's deadline, and the same on this browser's clock; both move when an admin grants extra time.
  const [deadline, setDeadline] = useState({ server: view.deadlineAt, local: deadlineMs });
  const followedDeadline = useRef(view.deadlineAt);
  // Seconds gained (or, negative, lost) at the last move: said in words when shown, in the language of the moment.
  const [deadlineMove, setDeadlineMove] = useState<number>();

  const place = useRef({ answers, currentIndex, secondsLeft: restored.secondsLeft });

  /** Follows a moved server deadline; true if the participant gained time. */
  const followDeadline = useCallback((deadlineAt: string): boolean => {
    const movedMs = Date.parse(deadlineAt) - Date.parse(followedDeadline.current);
    if (movedMs === 0) return false;
    followedDeadline.current = deadlineAt;
    setDeadline((current) => ({ server: deadlineAt, local: current.local + movedMs }));
    const movedSeconds = Math.round(movedMs / 1000);
    setDeadlineMove(movedSeconds);
    // The save that brought the news told the server the time left as it was before: correct it now.
    const { answers: chosen, currentIndex: index, secondsLeft: left } = place.current;
    const latest = latestAnswer(chosen);
    if (latest) outbox.save({ ...latest, currentQuestionIndex: index, timeLeftSeconds: Math.max(0, left + movedSeconds) });
    return movedMs > 0;
  }, [outbox]);
  // Every save answers with the deadline: no polling, which would add a request a minute per participant on exam day.
  useEffect(() => outbox.whenDeadlineReported(followDeadline), [outbox, followDeadline]);

  // At zero, one last question to the server: extra time granted since the last save still counts.
  async function expire() {
    const clock = await callApi<ExamClock>(`/api/exam/${quizId}/clock`, { timeoutMs: 10_000 }).catch(() => undefined);
    if (!clock || clock.submitted || !followDeadline(clock.deadlineAt)) void submit();
  }

  const secondsLeft = useExamClock({
    initialSeconds: restored.secondsLeft,
    deadlineMs: deadline.local,
    onExpire: () => void expire(),
  });
  useExamProgress(progressKey, currentIndex, answers, secondsLeft, deadline.server);
  useTimeAnnouncements(secondsLeft, onAnnounce);
  useEffect(() => {
    place.current = { answers, currentIndex, secondsLeft };
  }, [answers, currentIndex, secondsLeft]);

  // Choices this browser made that never reached the server go again now.
  useEffect(() => {
    for (const answer of restored.unsynced) {
      outbox.save({ ...answer, currentQuestionIndex: restored.currentIndex, timeLeftSeconds: restored.secondsLeft });
    }
  }, [outbox, restored]);

  const timeUp = secondsLeft <= 0;
  const locked = !isFullscreen || submitting || timeUp;
  const hidden = !isFullscreen && !timeUp;
  const question = questions[currentIndex];
  // Answered means stored on the server; a choice on its way is counted apart.
  const answeredCount = questions.filter((candidate) => saveState.stored.has(candidate.id)).length;
  const savingCount = saveState.saving.size;

  function give(answer: AnswerValue) {
    const given = { ...answer, answeredAt: new Date().toISOString() };
    setAnswers((current) => ({ ...current, [question.id]: given }));
    outbox.save(
      { questionId: question.id, ...given, currentQuestionIndex: currentIndex, timeLeftSeconds: secondsLeft },
      { afterMs: "typedAnswer" in answer ? TYPED_SAVE_PAUSE_MS : undefined },
    );
  }

  const sectionName = (index: number | null) => (index === null ? null : sectionNameIn(language, view.sections[index]));

  // The place is this browser's at once (useExamProgress, which a reload resumes from); the
  // server's copy, for another device, follows with the most recent answer.
  function goTo(index: number) {
    setCurrentIndex(index);
    const latest = latestAnswer(answers);
    if (!latest) return;
    // An answer still on its way goes now, as it would have; one the server has waits for a pause.
    const pause = saveState.saving.has(latest.questionId) ? undefined : POSITION_SAVE_PAUSE_MS;
    outbox.save({ ...latest, currentQuestionIndex: index, timeLeftSeconds: secondsLeft }, { afterMs: pause });
  }

  async function submit() {
    if (submitting) return;
    setSubmitting(true);
    setFailure(undefined);
    const saved = await outbox.flush();
    // A closed exam was submitted by the server; the outbox shows that result.
    if (saved === "closed") return;
    if (saved === "saved") {
      await log.flush();
      try {
        const result = await submittedResult(`/api/exam/${quizId}/submit`, { method: "POST" });
        // A time warning would linger behind the summary, no longer true; "Time is up" stays with it.
        if (!timeUp) onAnnounce("");
        onFinished(result, {});
        return;
      } catch (error) {
        // Too late (409): the server submitted what was saved by the deadline; show that, in its words.
        if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
          const serverMessage = error.serverMessage;
          const result = await submittedResult(`/api/exam/${quizId}`).catch(() => undefined);
          if (result) onFinished(result, { serverMessage });
          else {
            setFailure({ serverMessage });
            setSubmitting(false);
          }
          return;
        }
        // Otherwise shown below; the participant may try again.
      }
    }
    setFailure({});
    setSubmitting(false);
  }

  return (
    <div className="flex flex-col gap-5">
      {/* Wraps on a narrow screen or with large text: nothing is pushed off the side. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 lang={title.lang} className="min-w-0 text-2xl font-bold tracking-tight text-slate-900">{title.text}</h1>
        {/* The header's switch is out of sight in full-screen mode: the same switch, at hand. */}
        <LanguageSwitch language={language} title={shell("switchTo", { language: LANGUAGE_NAMES[otherLanguage(language)] })} className={`${secondaryButtonClass} text-sm`} />
      </div>
      {/*
        The time left stays at the top of the screen however far a long question scrolls, alone in
        its bar so it takes a line's height, not the title's: the exam room's scroll padding keeps
        what the keyboard reaches out from under it.
      */}
      <div className="sticky top-0 z-10 -my-2 flex justify-end bg-slate-50 py-2">
        <ExamTimer secondsLeft={secondsLeft} />
      </div>
      {hidden && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          <p>{t("fullscreenExited")}</p>
          <button type="button" className={secondaryButtonClass} onClick={onReturnToFullscreen}>
            {t("returnToFullscreen")}
          </button>
        </div>
      )}
      {/* Out of full-screen mode the questions are hidden, not just locked, while the clock runs on (SPEC §10). */}
      {!hidden && (
        <>
          <QuestionView
            key={question.id}
            question={question}
            number={currentIndex + 1}
            total={questions.length}
            answer={answers[question.id]}
            disabled={locked}
            onAnswer={give}
            language={language}
            marking={
              <QuestionMarking
                answerType={question.answerType}
                section={question.section === null ? null : view.sections[question.section]}
                marks={question.marks}
                quizMarks={view.marksPerQuestion}
                language={language}
              />
            }
          />
          <QuestionNavigator
            current={currentIndex}
            total={questions.length}
            markOf={(index) => saveMark(saveState, questions[index].id)}
            sectionOf={(index) => sectionName(questions[index].section)}
            disabled={locked}
            onGo={goTo}
          />
        </>
      )}
      <div className="flex flex-wrap items-center gap-4">
        {/* Once the time is up there is nothing left to decide: the button fetches the result. */}
        <button ref={submitButton} type="button" className={primaryButtonClass} disabled={submitting || (locked && !timeUp)} onClick={() => (timeUp ? void submit() : setConfirming(true))}>
          {t("submitQuiz")}
        </button>
        <p className="text-sm text-slate-600">
          {t("answered", { answered: answeredCount, total: questions.length })}
          {savingCount > 0 && <span className="text-amber-800"> · {t("saving", { count: savingCount })}</span>}
        </p>
      </div>
      <div role="status" aria-live="polite">
        {late && <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">{t("notSavedYet")}</p>}
        {deadlineMove !== undefined && (
          <p className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900">
            {deadlineMove > 0
              ? t("extraTimeAdded", { duration: spokenDuration(t, deadlineMove) })
              : t("extraTimeReduced", { duration: spokenDuration(t, -deadlineMove) })}
          </p>
        )}
      </div>
      {failure && <FormMessage tone="error">{failure.serverMessage ?? t("submitFailed")}</FormMessage>}
      {confirming && !locked && (
        <SubmitConfirmation
          answered={answeredCount}
          total={questions.length}
          onSubmit={() => {
            setConfirming(false);
            void submit();
          }}
          onKeepAnswering={() => {
            setConfirming(false);
            submitButton.current?.focus();
          }}
        />
      )}
    </div>
  );
}
