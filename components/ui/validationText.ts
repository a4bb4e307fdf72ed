"use client";

import { useTranslations } from "next-intl";
import { knownMessage } from "@/lib/catalogue";
import english from "@/messages/en/ui.json";

type ValidationKey = keyof typeof english.validation;

const KEY_BY_ENGLISH = new Map(Object.entries(english.validation).map(([key, text]) => [text, key as ValidationKey]));

/**
 * The browser checks forms with the schemas the server checks requests with, and those speak
 * English (the API answers in it). A schema message we know is shown in the reader's language; an
 * unknown one as it is.
 */
export function validationKey(message: string): ValidationKey | undefined {
  return KEY_BY_ENGLISH.get(message);
}

/**
 * A form's own refusal in the page's language: a schema's field message (ui.validation) or one of
 * the sentences the server would answer (lib/catalogue, the errors texts); anything else, such as a
 * server's answer (already in the reader's language), as it came.
 */
export function useValidationText() {
  const field = useTranslations("ui.validation");
  const answer = useTranslations("errors");
  function translate(message: string): string;
  function translate(message: string | undefined): string | undefined;
  function translate(message: string | undefined): string | undefined {
    if (!message) return message;
    const key = validationKey(message);
    if (key) return field(key);
    const known = knownMessage(message);
    return known ? answer(known.id) : message;
  }
  return translate;
}
