import "server-only";
import type { z } from "zod";
import { service } from "@/lib/auth";
import { ContentError, linkedImageUrls, questionImageIds, richContent, type ContentKind, type KnownImages, type QuestionField } from "@/lib/content";
import { getDb } from "@/lib/db";
import { knownImages } from "./images";
import { contentProblemText, type previewSchema } from "./schemas";

/** One text as the exam would show it: its HTML (null when plain, shown as text), or why it cannot be saved. */
interface PreviewedText {
  html: string | null;
  problem: string | null;
  /** A `$` in it is shown as a dollar sign, not as the start of a formula. */
  loneDollar: boolean;
}

interface PreviewedWording {
  text: PreviewedText;
  options: PreviewedText[];
}

export interface QuestionPreview {
  en: PreviewedWording;
  hi: PreviewedWording | null;
  /** Image addresses typed into the texts: never fetched, shown for the admin to replace with an upload. */
  linkedImages: string[];
}

function previewed(source: string, kind: ContentKind, field: QuestionField, images: KnownImages): PreviewedText {
  try {
    return { ...richContent(source, kind, images), problem: null };
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return { html: null, problem: contentProblemText(field, error), loneDollar: false };
  }
}

function wording(text: string, options: readonly string[], hindi: boolean, images: KnownImages): PreviewedWording {
  return {
    text: previewed(text, "question", { name: hindi ? "textHi" : "text" }, images),
    options: options.map((option, index) => previewed(option, "option", { name: hindi ? "optionsHi" : "options", index }, images)),
  };
}

/**
 * A question's texts rendered exactly as saving would render them (lib/content), with each text's
 * problem, for the form's live preview. Stores nothing.
 */
export const previewQuestion = service("questions.edit", async (_actor, input: z.output<typeof previewSchema>): Promise<QuestionPreview> => {
  const images = await knownImages(await getDb(), questionImageIds(input));
  const hindi = input.textHi || input.optionsHi?.some(Boolean) ? wording(input.textHi ?? "", input.optionsHi ?? input.options.map(() => ""), true, images) : null;
  const sources = [input.text, ...input.options, input.textHi ?? "", ...(input.optionsHi ?? [])];
  return { en: wording(input.text, input.options, false, images), hi: hindi, linkedImages: [...new Set(sources.flatMap(linkedImageUrls))] };
});
