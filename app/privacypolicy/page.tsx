import type { Metadata } from "next";
import { PageTitle } from "@/components/ui/PageTitle";
import { config } from "@/lib/config";

const { brand, legal } = config;

export const metadata: Metadata = {
  title: "Privacy policy",
  description: `What ${brand.name} collects, why, how long it is kept and how to have it deleted.`,
  alternates: { canonical: "/privacypolicy" },
};

export default function PrivacyPolicyPage() {
  return (
    <article className="prose-article max-w-3xl">
      <PageTitle>Privacy policy</PageTitle>
      <p>{legal.entityName} runs {brand.name}. This page explains what we collect and why.</p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details you give us: name, email, mobile number, date of birth and address.</li>
        <li>Payment proofs you upload, and the record of every payment, top-up and withdrawal.</li>
        <li>During a proctored quiz: your answers, a screen and camera recording, and focus events such as leaving full screen.</li>
      </ul>
      <h2>Why</h2>
      <p>To run fair competitions, verify eligibility and payments, rank results and pay prizes. We do not sell your data.</p>
      <h2>Who can see it</h2>
      <p>Only you and our administrators. Recordings and payment proofs are stored privately and are never public.</p>
      <h2>Deleting your account</h2>
      <p>
        You can delete your account from your profile. Your personal data and login are removed; payment and result records
        are kept without your personal details, as accounting law requires.
      </p>
      <h2>Contact</h2>
      <p>Write to {brand.supportEmail} with any question about your data.</p>
    </article>
  );
}
