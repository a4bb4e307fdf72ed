import type { RenderedQuestion, RenderedWording } from "@/db/schema";
import { ContentError, imageReferences, renderContent, type ContentKind, type KnownImages } from "./render";
import { withSpokenMaths, type SpokenLanguage } from "./speech";

/** What markdown-it's own escaping gives a text without markup. */
function escaped(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * A text's HTML, or null when it has no markup: such a text is shown as text (an image URL as the
 * image), as every question saved before rich content is, and adds nothing to the exam's payload.
 * With it, whether a `$` was shown as a dollar sign (lib/content/render.ts), for the form's preview.
 */
export function richContent(source: string, kind: ContentKind, images?: KnownImages): { html: string | null; loneDollar: boolean } {
  const { html, loneDollar } = renderContent(source, kind, images);
  const plain = escaped(source);
  return { html: html === (kind === "question" ? `<p>${plain}</p>\n` : plain) ? null : html, loneDollar };
}

export function richHtml(source: string, kind: ContentKind, images?: KnownImages): string | null {
  return richContent(source, kind, images).html;
}

/** The field of a question whose text cannot be rendered, as the form and the API name it. */
export type QuestionField = { name: "text" | "textHi" } | { name: "options" | "optionsHi"; index: number };

export class QuestionContentError extends Error {
  constructor(
    readonly field: QuestionField,
    readonly problem: ContentError,
  ) {
    super(problem.message);
    this.name = "QuestionContentError";
  }
}

function wording(text: string, options: readonly string[], fields: { text: "text" | "textHi"; options: "options" | "optionsHi" }, images: KnownImages): RenderedWording {
  const rendered = (source: string, kind: ContentKind, field: QuestionField) => {
    try {
      return richHtml(source, kind, images);
    } catch (error) {
      if (error instanceof ContentError) throw new QuestionContentError(field, error);
      throw error;
    }
  };
  return {
    text: rendered(text, "question", { name: fields.text }),
    options: options.map((option, index) => rendered(option, "option", { name: fields.options, index })),
  };
}

export interface QuestionTexts {
  text: string;
  options: readonly string[];
  textHi?: string | null;
  optionsHi?: readonly string[] | null;
}

/** Every uploaded image a question's texts show, once each. */
export function questionImageIds(question: QuestionTexts): string[] {
  const texts = [question.text, ...question.options, question.textHi ?? "", ...(question.optionsHi ?? [])];
  return [...new Set(texts.flatMap(imageReferences))];
}

/**
 * An image is described in each language: the Hindi text shows the images its English text shows
 * (with alt text in Hindi), so a participant reading Hindi neither misses one nor hears English.
 */
function sameImagesInHindi(english: QuestionTexts, textHi: string, optionsHi: readonly string[]): void {
  const pairs: [string, string, QuestionField][] = [
    [english.text, textHi, { name: "textHi" }],
    ...english.options.map((option, index): [string, string, QuestionField] => [option, optionsHi[index], { name: "optionsHi", index }]),
  ];
  for (const [inEnglish, inHindi, field] of pairs) {
    const [englishImages, hindiImages] = [imageReferences(inEnglish), imageReferences(inHindi)];
    const missing = englishImages.find((id) => !hindiImages.includes(id));
    if (missing) throw new QuestionContentError(field, new ContentError(1, 1, `the English text shows image ${missing}: show it here too, with alt text in Hindi`));
    const extra = hindiImages.find((id) => !englishImages.includes(id));
    if (extra) throw new QuestionContentError(field, new ContentError(1, 1, `image ${extra} is not in the English text: show each image in both languages`));
  }
}

const isPlain = (wording: RenderedWording | null) => !wording || (wording.text === null && wording.options.every((option) => option === null));

async function spoken(wording: RenderedWording, language: SpokenLanguage): Promise<RenderedWording> {
  const [text, ...options] = await withSpokenMaths([wording.text, ...wording.options], language);
  return { text, options };
}

/**
 * What a stored rendering has that an older one lacks, by version: 1, each formula's spoken text.
 * Stored questions are brought up to it (lib/quizzes/questions.ts upgradeStoredRenderings) without
 * an admin saving them again.
 */
export const RENDERING_VERSION = 1;

/**
 * A question's texts rendered as it is saved, English and Hindi, each formula with its spoken text;
 * null when every one is plain. Throws QuestionContentError naming the first text that cannot be rendered.
 */
export async function renderQuestion(question: QuestionTexts, images: KnownImages = new Map()): Promise<RenderedQuestion | null> {
  const en = wording(question.text, question.options, { text: "text", options: "options" }, images);
  const hi = question.textHi && question.optionsHi ? wording(question.textHi, question.optionsHi, { text: "textHi", options: "optionsHi" }, images) : null;
  if (question.textHi && question.optionsHi) sameImagesInHindi(question, question.textHi, question.optionsHi);
  if (isPlain(en) && isPlain(hi)) return null;
  return { en: await spoken(en, "en"), hi: hi && !isPlain(hi) ? await spoken(hi, "hi") : null, version: RENDERING_VERSION };
}

/**
 * A stored rendering brought to RENDERING_VERSION from the HTML it holds, not from its sources:
 * what a participant sees stays as it was shown (a question may be locked by its quiz's attempts,
 * and an exam's answer key shows it as the exam did); only what was added since is added.
 */
export async function upgradedRendering(rendered: RenderedQuestion): Promise<RenderedQuestion> {
  if ((rendered.version ?? 0) >= RENDERING_VERSION) return rendered;
  return { en: await spoken(rendered.en, "en"), hi: rendered.hi && (await spoken(rendered.hi, "hi")), version: RENDERING_VERSION };
}
