import type { Metadata } from "next";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("offline");
  return { title: t("title"), robots: { index: false } };
}

export default function OfflinePage() {
  const t = useTranslations("offline");
  return (
    <section className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-8 text-center">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="mt-3 text-slate-700">{t("body")}</p>
      <p className="mt-4">
        <Link href="/" className="font-semibold text-brand underline">{t("tryAgain")}</Link>
      </p>
    </section>
  );
}
