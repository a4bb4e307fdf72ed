import type { Language } from "./schemas";

/** Each language's texts, by screen (messages/{language}/{screen}.json, gathered in its index.ts). */
export async function loadMessages(language: Language) {
  const catalogue = language === "hi" ? await import("@/messages/hi") : await import("@/messages/en");
  return catalogue.default;
}
