import { useTranslations } from "next-intl";
import { PageTitle } from "@/components/ui/PageTitle";
import { config } from "@/lib/config";

const { brand, legal } = config;

export function PrivacyPolicy() {
  const t = useTranslations("legal.privacy");
  return (
    <article className="prose-article max-w-3xl">
      <PageTitle>{t("title")}</PageTitle>
      <p>{t("intro", { entity: legal.entityName, brand: brand.name })}</p>
      <h2>{t("collect.heading")}</h2>
      <ul>
        <li>{t("collect.account")}</li>
        <li>{t("collect.payments")}</li>
        <li>{t("collect.proctoring")}</li>
      </ul>
      <h2>{t("why.heading")}</h2>
      <p>{t("why.text")}</p>
      <h2>{t("access.heading")}</h2>
      <p>{t("access.text")}</p>
      <h2>{t("deletion.heading")}</h2>
      <p>{t("deletion.text")}</p>
      <h2>{t("contact.heading")}</h2>
      <p>{t("contact.text", { email: brand.supportEmail })}</p>
    </article>
  );
}
