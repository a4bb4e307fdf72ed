import { useLocale, useTranslations } from "next-intl";
import { examRefusalMessage, localised, type ExamRefusal } from "@/lib/catalogue";
import { ExamNotice } from "./ExamNotice";

/** Why the participant cannot take the exam now, in the page's language: the API's own refusal text. */
export function ExamRefusalNotice({ refusal, action }: { refusal: ExamRefusal; action: { href: string; label: string } }) {
  const t = useTranslations("errors");
  const language = useLocale();
  const { id, values = {} } = examRefusalMessage(refusal);
  return <ExamNotice message={t(id, localised(values, language))} action={action} />;
}
