import type { RenderedWording } from "@/lib/content";

/**
 * The languages a participant may take an exam in: every question is in English, and in Hindi
 * when an admin gave it a Hindi version. Answers are option positions, so the language can change
 * mid-exam without touching any answer.
 */
export type ExamLanguage = "en" | "hi";

export interface Wording {
  text: string;
  options: readonly string[];
  /** The texts rendered when the question was saved (formulas, tables); absent or null where plain. */
  html?: RenderedWording | null;
}

/**
 * A question's words in the language, or in English where it has no version in that language,
 * with the `lang` of the elements that show them.
 */
export function wordingIn(language: ExamLanguage, english: Wording, hindi: Wording | null): Wording & { lang: ExamLanguage } {
  return language === "hi" && hindi ? { ...hindi, lang: "hi" } : { ...english, lang: "en" };
}
