import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CertificateCheck } from "@/components/certificates/CertificateCheck";
import { PageTitle } from "@/components/ui/PageTitle";
import { currentActor } from "@/lib/auth";
import { verifyCertificate, type CertificateVerification } from "@/lib/certificates";
import { config } from "@/lib/config";
import { NotFound } from "@/lib/errors";

// A certificate is private to whoever holds its QR code: never in a search engine.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("certificates");
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function CertificateVerificationPage({ params }: { params: Promise<{ verificationId: string }> }) {
  const { verificationId } = await params;
  let certificate: CertificateVerification;
  try {
    certificate = await verifyCertificate(await currentActor(), verificationId);
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
  const t = await getTranslations("certificates");
  return (
    <>
      <PageTitle lead={t("lead", { brand: config.brand.name })}>{t("title")}</PageTitle>
      <CertificateCheck certificate={certificate} />
    </>
  );
}
