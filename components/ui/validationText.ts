"use client";

import { useTranslations } from "next-intl";
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

/** A field error in the page's language: `fieldError(errors.email?.message)`. */
export function useValidationText() {
  const t = useTranslations("ui.validation");
  return (message: string | undefined): string | undefined => {
    if (!message) return message;
    const key = validationKey(message);
    return key ? t(key) : message;
  };
}
