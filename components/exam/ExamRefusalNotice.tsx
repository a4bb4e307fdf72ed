import { useLocale, useTranslations } from "next-intl";
import { formatIndiaDateTime } from "@/lib/format";
import type { ExamRefusal } from "@/lib/messages";
import { ExamNotice } from "./ExamNotice";

const REFUSAL_KEYS = {
  "no-quiz": "noQuiz",
  submitted: "submitted",
  "not-paid": "notPaid",
  "not-registered": "notRegistered",
  closed: "closed",
} as const;

/** Why the participant cannot take the exam now, in the page's language (the API says it in English). */
export function ExamRefusalNotice({ refusal, action }: { refusal: ExamRefusal; action: { href: string; label: string } }) {
  const t = useTranslations("exam.refusal");
  const language = useLocale();
  const message =
    refusal.reason === "not-open" ? t("notOpen", { opensAt: formatIndiaDateTime(refusal.opensAt, language) }) : t(REFUSAL_KEYS[refusal.reason]);
  return <ExamNotice message={message} action={action} />;
}
