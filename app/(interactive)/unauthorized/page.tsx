import type { Metadata } from "next";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("unauthorized");
  return { title: t("title"), robots: { index: false } };
}

export default function UnauthorizedPage() {
  const t = useTranslations("unauthorized");
  return (
    <section className="mx-auto max-w-xl rounded-xl border border-red-200 bg-white p-8 text-center">
      {/* SPEC's words, in every language. */}
      <h1 lang="en" className="text-2xl font-bold text-red-800">You are not an admin to access this page.</h1>
      <p className="mt-4 text-slate-700">
        <Link href="/" className="font-semibold text-brand underline">{t("goHome")}</Link>
      </p>
    </section>
  );
}
