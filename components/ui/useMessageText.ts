"use client";

import { useTranslations } from "next-intl";
import { catalogued } from "@/lib/messages";

/**
 * A form's own check refuses with the same English sentence the server would answer (lib/messages):
 * shown in the reader's language. Any other text (a server's answer, already in it) as it came.
 */
export function useMessageText(): (text: string) => string {
  const t = useTranslations("errors");
  return (text) => {
    const known = catalogued(text);
    return typeof known === "string" ? known : t(known.id);
  };
}
