"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { AnswerType } from "@/lib/quizzes/schemas";
import { QuestionView } from "@/components/exam/QuestionView";
import type { AnswerValue } from "@/components/exam/answer";
import type { ExamLanguage } from "@/components/exam/language";
import { callApi } from "@/lib/client";
import type { QuestionPreview as Preview } from "@/lib/quizzes";
import { ANSWER_TYPE_LABELS, isTyped, questionFieldLabel } from "@/lib/quizzes/schemas";

export interface PreviewTexts {
  text: string;
  options: string[];
  textHi: string;
  optionsHi: string[];
}

/** The answer as the form holds it: the correct options, or a typed question's accepted numbers, range and decimal places. */
export interface PreviewAnswer {
  type: AnswerType;
  correctOptions: number[];
  accepted: string[];
  limits: [string, string] | null;
  decimals: number;
}

/** The letters the exam shows before options. */
const LETTERS = ["A", "B", "C", "D", "E", "F"];

/** The answer in words, for the admin to check beside the question: "Correct: B and D", "Accepted: 42 or 57 (answers allowed from 0 to 99)". */
function answerText(answer: PreviewAnswer): string {
  if (!isTyped(answer.type)) {
    const correct = answer.correctOptions.map((index) => LETTERS[index]).filter(Boolean);
    return correct.length === 0 ? "No correct option chosen yet" : `Correct: ${correct.join(" and ")}`;
  }
  const accepted = answer.accepted.length === 0 ? "No accepted answer given yet" : `Accepted: ${answer.accepted.join(" or ")}`;
  const range = answer.limits ? ` (answers allowed from ${answer.limits[0]} to ${answer.limits[1]})` : "";
  const places = answer.type === "numerical" ? `; up to ${answer.decimals} decimal ${answer.decimals === 1 ? "place" : "places"}` : "";
  return `${accepted}${range}${places}`;
}

/** Waits for a pause in typing before asking the server to render. */
const PAUSE_MS = 300;

const WIDTHS = [
  { label: "Phone (360 px)", className: "w-[360px] max-w-full" },
  { label: "Desktop", className: "w-full" },
] as const;

/** Every problem of a preview, each naming its field, line and column. */
export function previewProblems(preview: Preview | null): string[] {
  if (!preview) return [];
  return [preview.en, preview.hi].flatMap((wording) => (wording ? [wording.text, ...wording.options] : [])).flatMap((text) => (text.problem ? [text.problem] : []));
}

/** The fields, as the form labels them, where a `$` is shown as a dollar sign rather than opening a formula. */
function loneDollarFields(preview: Preview | null): string[] {
  if (!preview) return [];
  const fields = (wording: Preview["en"] | null, hindi: boolean) =>
    !wording
      ? []
      : [
          ...(wording.text.loneDollar ? [questionFieldLabel({ name: hindi ? "textHi" : "text" })] : []),
          ...wording.options.flatMap((option, index) => (option.loneDollar ? [questionFieldLabel({ name: hindi ? "optionsHi" : "options", index })] : [])),
        ];
  return [...fields(preview.en, false), ...fields(preview.hi, true)];
}

/**
 * The question as a participant will see it, rendered by the server exactly as saving renders it:
 * at phone and desktop width, in English or Hindi, options in the order given (a quiz that
 * shuffles options shows each participant their own order).
 */
export function QuestionPreview({ texts, answer: key, onPreview }: { texts: PreviewTexts; answer: PreviewAnswer; onPreview: (preview: Preview | null) => void }) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [language, setLanguage] = useState<ExamLanguage>("en");
  const [failed, setFailed] = useState(false);
  const [answer, setAnswer] = useState<AnswerValue>();
  const body = JSON.stringify(texts);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const json = JSON.parse(body) as PreviewTexts;
        const hasHindi = json.textHi.trim() !== "" || json.optionsHi.some((option) => option.trim() !== "");
        const next = await callApi<Preview>("/api/questions/preview", { json: { ...json, textHi: hasHindi ? json.textHi : null, optionsHi: hasHindi ? json.optionsHi : null } });
        if (controller.signal.aborted) return;
        setPreview(next);
        setFailed(false);
        onPreview(next);
      } catch {
        if (!controller.signal.aborted) setFailed(true);
      }
    }, PAUSE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [body, onPreview]);

  const problems = previewProblems(preview);
  const errors = useTranslations("errors");
  const loneDollars = loneDollarFields(preview);
  const shown = language === "hi" && preview?.hi ? texts : { ...texts, textHi: "", optionsHi: [] };
  const wording = (hindi: boolean) => {
    const rendered = hindi ? preview?.hi : preview?.en;
    return {
      text: hindi ? shown.textHi : shown.text,
      options: hindi ? shown.optionsHi : shown.options,
      html: rendered ? { text: rendered.text.html, options: rendered.options.map((option) => option.html) } : undefined,
    };
  };
  const question = {
    id: "preview",
    ...wording(false),
    hi: language === "hi" && preview?.hi ? wording(true) : null,
    answerType: key.type,
    typed: isTyped(key.type) ? { limits: key.limits, decimals: key.decimals } : undefined,
  };

  return (
    <section aria-labelledby="question-preview-heading" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h4 id="question-preview-heading" className="font-semibold text-slate-900">Preview as participants see it</h4>
        <div role="radiogroup" aria-label="Preview language" className="flex gap-2">
          {(["en", "hi"] as const).map((option) => (
            <label key={option} className="flex items-center gap-1 text-sm text-slate-900">
              <input type="radio" name="question-preview-language" value={option} checked={language === option} onChange={() => setLanguage(option)} className="size-4 accent-brand" />
              {option === "en" ? "English" : <span lang="hi">हिन्दी</span>}
            </label>
          ))}
        </div>
      </div>
      <div aria-live="polite" className="flex flex-col gap-1">
        {failed && <p className="text-sm text-red-700">The preview could not be loaded; saving still checks every text.</p>}
        {problems.length > 0 && (
          <ul className="list-disc pl-5 text-sm text-red-700" aria-label="Texts that cannot be saved">
            {problems.map((problem) => <li key={problem}>{problem}</li>)}
          </ul>
        )}
        {loneDollars.length > 0 && <p className="text-sm text-amber-900">{`${loneDollars.join(", ")}: ${errors("loneDollar")}`}</p>}
        {preview && preview.linkedImages.length > 0 && (
          <div className="text-sm text-amber-900">
            <p>Image addresses in the texts are not loaded for participants; replace them with an uploaded image:</p>
            <ul className="list-disc pl-5">
              {preview.linkedImages.map((address) => (
                <li key={address}>
                  <a href={address} target="_blank" rel="noopener noreferrer nofollow" className="break-all underline">{address}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
        {language === "hi" && preview && !preview.hi && <p className="text-sm text-slate-700">No Hindi version: participants reading Hindi see the English.</p>}
      </div>
      <p className="text-sm text-slate-800">
        <span className="font-semibold">{ANSWER_TYPE_LABELS[key.type]}</span> · {answerText(key)}
      </p>
      <div className="flex flex-wrap items-start gap-4">
        {WIDTHS.map((width) => (
          <figure key={width.label} className={`flex min-w-0 flex-col gap-1 ${width.className}`}>
            <figcaption className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{width.label}</figcaption>
            {/* Keyed by what the answer takes: a typed box starts again when its type, range or decimals change. */}
            <QuestionView key={`${key.type} ${key.limits} ${key.decimals}`} question={question} number={1} total={1} answer={answer} disabled={false} onAnswer={setAnswer} language={language} takeFocus={false} />
          </figure>
        ))}
      </div>
    </section>
  );
}
