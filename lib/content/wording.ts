import type { RenderedQuestion, RenderedWording } from "@/db/schema";
import { ContentError, renderContent, type ContentKind } from "./render";

/** What markdown-it's own escaping gives a text without markup. */
function escaped(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * A text's HTML, or null when it has no markup: such a text is shown as text (an image URL as the
 * image), as every question saved before rich content is, and adds nothing to the exam's payload.
 */
export function richHtml(source: string, kind: ContentKind): string | null {
  const { html } = renderContent(source, kind);
  const plain = escaped(source);
  return html === (kind === "question" ? `<p>${plain}</p>\n` : plain) ? null : html;
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

function wording(text: string, options: readonly string[], fields: { text: "text" | "textHi"; options: "options" | "optionsHi" }): RenderedWording {
  const rendered = (source: string, kind: ContentKind, field: QuestionField) => {
    try {
      return richHtml(source, kind);
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

const isPlain = (wording: RenderedWording | null) => !wording || (wording.text === null && wording.options.every((option) => option === null));

/**
 * A question's texts rendered as it is saved, English and Hindi; null when every one is plain.
 * Throws QuestionContentError naming the first text that cannot be rendered.
 */
export function renderQuestion(question: { text: string; options: readonly string[]; textHi?: string | null; optionsHi?: readonly string[] | null }): RenderedQuestion | null {
  const en = wording(question.text, question.options, { text: "text", options: "options" });
  const hi = question.textHi && question.optionsHi ? wording(question.textHi, question.optionsHi, { text: "textHi", options: "optionsHi" }) : null;
  return isPlain(en) && isPlain(hi) ? null : { en, hi: isPlain(hi) ? null : hi };
}
