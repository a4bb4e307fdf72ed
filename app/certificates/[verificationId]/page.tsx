import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CertificateCheck } from "@/components/certificates/CertificateCheck";
import { PageTitle } from "@/components/ui/PageTitle";
import { currentActor } from "@/lib/auth";
import { verifyCertificate, type CertificateVerification } from "@/lib/certificates";
import { config } from "@/lib/config";
import { NotFound } from "@/lib/errors";

// A certificate is private to whoever holds its QR code: never in a search engine.
export const metadata: Metadata = { title: "Certificate verification", robots: { index: false, follow: false } };

export default async function CertificateVerificationPage({ params }: { params: Promise<{ verificationId: string }> }) {
  const { verificationId } = await params;
  let certificate: CertificateVerification;
  try {
    certificate = await verifyCertificate(await currentActor(), verificationId);
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
  return (
    <>
      <PageTitle lead={`Checks a certificate issued by ${config.brand.name}.`}>Certificate verification</PageTitle>
      <CertificateCheck certificate={certificate} />
    </>
  );
}
