import { createTranslator } from "use-intl/core";
import { messageTranslator } from "@/lib/catalogue";
import type { Language } from "./schemas";

/** Each language's texts, by screen (messages/{language}/{screen}.json, gathered in its index.ts). */
export async function loadMessages(language: Language) {
  const catalogue = language === "hi" ? await import("@/messages/hi") : await import("@/messages/en");
  return catalogue.default;
}

const translators = new Map<Language, Promise<ReturnType<typeof messageTranslator>>>();

/**
 * Puts the errors catalogue's messages (lib/catalogue.ts) into a language: API answers, pages'
 * refusals. One translator per language for the process: building one (and its message formats)
 * took about half a millisecond, paid by every API request, a quarter of a cheap one's CPU.
 */
export function messagesIn(language: Language) {
  let translator = translators.get(language);
  if (!translator) {
    translator = loadMessages(language).then(({ errors }) => messageTranslator(language, errors));
    translators.set(language, translator);
  }
  return translator;
}

/**
 * The texts a participant receives outside any page (e-mails, notifications) in their language;
 * works in a request and in a background job alike.
 */
export async function textsIn<Namespace extends "mail" | "push" | "certificates">(language: Language, namespace: Namespace) {
  return createTranslator({ locale: language, messages: await loadMessages(language), namespace });
}
