import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { ContactForm } from "@/components/contact/ContactForm";
import { PageTitle } from "@/components/ui/PageTitle";
import { config } from "@/lib/config";
import { pageAlternates } from "@/lib/i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("contact");
  return { title: t("metaTitle"), description: t("description", { brand: config.brand.name }), alternates: await pageAlternates("/contactus") };
}

export default function ContactPage() {
  const t = useTranslations("contact");
  const { supportEmail } = config.brand;
  return (
    <>
      <PageTitle lead={t("lead")}>{t("title")}</PageTitle>
      <ContactForm />
      <p className="mt-8 text-sm text-slate-700">
        {t.rich("writeTo", {
          email: supportEmail,
          link: (chunks) => <a className="font-semibold text-brand underline" href={`mailto:${supportEmail}`}>{chunks}</a>,
        })}
      </p>
    </>
  );
}
