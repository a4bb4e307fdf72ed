import { createTranslator, type NamespaceKeys, type NestedKeyOf } from "next-intl";
import english from "@/messages/en";
import hindi from "@/messages/hi";
import type { Language } from "@/lib/i18n/schemas";

type Messages = typeof english;

/** A screen's texts in a language, as its components get them from useTranslations(namespace). */
export function translator<Namespace extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(language: Language, namespace: Namespace) {
  return createTranslator({ locale: language, messages: language === "hi" ? hindi : english, namespace, timeZone: "Asia/Kolkata" });
}
