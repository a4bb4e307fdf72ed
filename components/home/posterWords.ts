import type { useTranslations } from "next-intl";

type HomeTexts = ReturnType<typeof useTranslations<"home">>;

/** The words over a poster's artwork, in the reader's language; the artwork itself carries none. */
export interface PosterWords {
  heading: string;
  subheading: string;
  /** Set apart on the poster, as a prize is. */
  badge?: string;
  note?: string;
}

/** A poster of the carousel (./PosterCarousel.tsx). */
export interface Poster {
  src: string;
  /** Written over the artwork as text, so they are read, translated and enlarged with the page's. */
  words: PosterWords;
  /** The label of the dot that shows it ("Show poster 2 of 3"). */
  dotLabel: string;
}

export interface PosterFacts {
  brand: string;
  tagline: string;
  minimumAge: number;
  questions: number;
  minutes: number;
  /** Said only where it is known to hold: every question 1 mark, nothing taken for a wrong answer. */
  markingNote: boolean;
}

/** The two posters every competition shows (lib/quizzes gives new ones these). */
export const POSTER_PRIZES = "/posters/poster-1.svg";
export const POSTER_FORMAT = "/posters/poster-2.svg";

/** The words of one of the app's posters, or null for artwork whose words the app does not know. */
function wordsOf(t: HomeTexts, src: string, facts: PosterFacts): PosterWords | null {
  if (src === POSTER_PRIZES) {
    return { heading: facts.brand, subheading: facts.tagline, badge: t("posterPrizes"), note: t("posterTimed", { age: facts.minimumAge }) };
  }
  if (src === POSTER_FORMAT) {
    return {
      heading: t("posterLength", { questions: facts.questions, minutes: facts.minutes }),
      subheading: t("posterFair"),
      note: facts.markingNote ? t("posterMarking") : undefined,
    };
  }
  return null;
}

/**
 * The carousel's posters, each with its words in the reader's language. Artwork whose words the
 * app does not know is left out: without them it would say nothing to a reader.
 */
export function postersWithWords(t: HomeTexts, sources: string[], facts: PosterFacts): Poster[] {
  const known = sources.flatMap((src) => {
    const words = wordsOf(t, src, facts);
    return words ? [{ src, words }] : [];
  });
  return known.map((poster, index) => ({ ...poster, dotLabel: t("showPoster", { position: index + 1, count: known.length }) }));
}
