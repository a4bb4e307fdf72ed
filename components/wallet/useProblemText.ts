"use client";

import { useTranslations } from "next-intl";
import { FIELDS_REQUIRED, FILE_TOO_LARGE, PROOF_AND_NAME_REQUIRED, UTR_FORMAT, UTR_REQUIRED, WITHDRAWAL_TOO_LARGE } from "@/lib/messages";

/** The shared sentences (lib/messages) the payment forms also check in the browser, by their key in the "payment.problems" texts. */
const PROBLEM_KEYS = {
  [FILE_TOO_LARGE]: "fileTooLarge",
  [PROOF_AND_NAME_REQUIRED]: "proofAndNameRequired",
  [FIELDS_REQUIRED]: "fieldsRequired",
  [WITHDRAWAL_TOO_LARGE]: "withdrawalTooLarge",
  [UTR_REQUIRED]: "utrRequired",
  [UTR_FORMAT]: "utrFormat",
} as const;

function isKnownProblem(text: string): text is keyof typeof PROBLEM_KEYS {
  return Object.hasOwn(PROBLEM_KEYS, text);
}

/**
 * A form's own check refuses with the same English sentence the server would answer; shown in the
 * reader's language. A sentence not in the list (a server's message) is shown as it came.
 */
export function useProblemText(): (problem: string) => string {
  const t = useTranslations("payment.problems");
  return (problem) => (isKnownProblem(problem) ? t(PROBLEM_KEYS[problem]) : problem);
}
