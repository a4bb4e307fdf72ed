type SeedOptions = readonly [string, string, string, string];

export interface SeedQuestion {
  readonly text: string;
  readonly subject: string;
  readonly options: SeedOptions;
  readonly correctOptionIndex: 0 | 1 | 2 | 3;
  /** The Hindi version, options in the same order as the English ones. */
  readonly hi?: { readonly text: string; readonly options: SeedOptions };
}

/** A question of a seeded olympiad-format paper, of any answer type, in English and Hindi; `marksCorrect` its own over its section's. */
export type SeedPaperQuestion = {
  readonly text: string;
  readonly subject: string;
  readonly marksCorrect?: number;
} & (
  | { readonly answerType: "single"; readonly options: readonly string[]; readonly correctOptionIndex: number; readonly hi: { readonly text: string; readonly options: readonly string[] } }
  | { readonly answerType: "multiple"; readonly options: readonly string[]; readonly correctOptions: readonly number[]; readonly hi: { readonly text: string; readonly options: readonly string[] } }
  /** A whole number from 00 to 99, IOQM's answers. */
  | { readonly answerType: "integer"; readonly answer: number; readonly hi: { readonly text: string } }
);

/** A seeded paper: its sections in order, each with its marking and its questions. */
export interface SeedPaper {
  readonly sections: readonly {
    readonly name: string;
    readonly nameHi: string;
    readonly marksCorrect: number;
    readonly marksWrong: number;
    readonly marksPartial: number | null;
    readonly questions: readonly SeedPaperQuestion[];
  }[];
}

/** "product" is the brand's own category; the seed replaces it with the configured brand name. */
export type SeedBlogCategory = "product" | "education" | "quiz" | "information" | "result" | "winner";

export interface SeedArticle {
  readonly slug: string; // lowercase-kebab, unique
  readonly title: string;
  readonly description: string; // 140-160 characters, for the meta description
  readonly keywords: readonly string[];
  readonly category: SeedBlogCategory;
  readonly author: string; // a plausible Indian name, e.g. "Ananya Rao"
  readonly imageUrl: string; // one of the /blog/*.png covers (raster, so link previews show it)
  readonly publishedDaysAgo: number; // distinct values between 1 and 120
  readonly content: string; // Markdown, 350-600 words, with ## headings, a list somewhere
}
