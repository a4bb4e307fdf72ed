/**
 * What an organiser writes about a quiz (its title and description) is in English and, where they
 * wrote one, in Hindi. A Hindi page shows the Hindi text, and the English one where there is none,
 * marked `lang="en"` so a screen reader reads it in English and the browser hyphenates it as English.
 */

/** A text to show: `lang` is set only where it differs from the page's language. */
export interface ShownText {
  text: string;
  lang?: "en";
}

/** The text in the page's language, or the English one (marked) where no Hindi was written. */
export function textIn(language: string, english: string, hindi: string | null | undefined): ShownText {
  if (language !== "hi") return { text: english };
  return hindi ? { text: hindi } : { text: english, lang: "en" };
}

interface QuizTexts {
  title: string;
  titleHi: string | null;
  description: string;
  descriptionHi: string | null;
}

/** A quiz's title and description in the page's language, each falling back to English on its own. */
export function quizTextsIn(language: string, quiz: QuizTexts): { title: ShownText; description: ShownText } {
  return { title: textIn(language, quiz.title, quiz.titleHi), description: textIn(language, quiz.description, quiz.descriptionHi) };
}
