import { plainText } from "./markdown";

/** A common adult silent-reading pace for non-fiction, in words a minute. */
const WORDS_PER_MINUTE = 200;

/** Whole minutes to read an article, rounded up and never less than one. */
export function readingMinutes(markdownSource: string): number {
  const text = plainText(markdownSource);
  const words = text === "" ? 0 : text.split(" ").length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
