"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import type { DemoQuestion } from "@/lib/quizzes";
import { DemoResult } from "./DemoResult";
import { chooseAnswer, endQuiz, freshProgress, secondsLeft, secondsTaken } from "./progress";
import { QuestionPanel } from "./QuestionPanel";
import { QuizTimer } from "./QuizTimer";
import { useNow } from "./useNow";
import { useSavedProgress } from "./useSavedProgress";

/** The free practice quiz (SPEC §2, §4): timed, saved in the browser, scored on the spot. */
export function DemoQuiz({ questions, durationSeconds }: { questions: DemoQuestion[]; durationSeconds: number }) {
  const t = useTranslations("demo");
  // Questions in the page's language where they have a version in it: the header's switch changes it in place.
  const language = useLocale();
  const [progress, save] = useSavedProgress(questions);
  const running = Boolean(progress && !progress.ended);
  const now = useNow(running);
  const left = progress ? secondsLeft(progress, now, durationSeconds) : durationSeconds;
  const questionLegend = useRef<HTMLLegendElement>(null);
  // Set by the moves between questions (and Restart), not by the page's first load: focus then goes to the new question.
  const focusQuestion = useRef(false);
  const shownIndex = progress && !progress.ended ? progress.index : null;

  useEffect(() => {
    if (shownIndex === null || !focusQuestion.current) return;
    focusQuestion.current = false;
    questionLegend.current?.focus();
  }, [shownIndex]);

  useEffect(() => {
    // A first visit, or saved progress that no longer fits the quiz: the clock starts now.
    if (progress === null) save(freshProgress(questions.length, Date.now()));
  }, [progress, questions.length, save]);

  useEffect(() => {
    if (progress && !progress.ended && left === 0) save(endQuiz(progress, Date.now(), durationSeconds));
  }, [progress, left, durationSeconds, save]);

  if (!progress) return <p role="status" className="text-slate-700">{t("loading")}</p>;

  if (progress.ended) {
    return (
      <DemoResult
        score={progress.score}
        total={questions.length}
        secondsTaken={secondsTaken(progress)}
        onRestart={() => {
          focusQuestion.current = true;
          save(freshProgress(questions.length, Date.now()));
        }}
      />
    );
  }

  const goTo = (index: number) => {
    focusQuestion.current = index !== progress.index;
    save({ ...progress, index });
  };
  const finish = () => save(endQuiz(progress, Date.now(), durationSeconds));

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <QuestionPanel
        question={questions[progress.index]}
        legendRef={questionLegend}
        timer={<QuizTimer secondsLeft={left} />}
        index={progress.index}
        answers={progress.answers}
        onAnswer={(option) => save(chooseAnswer(progress, questions, option))}
        onGoTo={goTo}
        onNext={() => (progress.index === questions.length - 1 ? finish() : goTo(progress.index + 1))}
        onSubmit={finish}
        language={language}
      />
    </div>
  );
}
