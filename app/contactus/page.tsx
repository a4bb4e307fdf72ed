import type { Metadata } from "next";
import { ContactForm } from "@/components/contact/ContactForm";
import { PageTitle } from "@/components/ui/PageTitle";
import { config } from "@/lib/config";

export const metadata: Metadata = {
  title: "Contact us",
  description: `Questions about a competition, a payment or your account? Contact the ${config.brand.name} team.`,
  alternates: { canonical: "/contactus" },
};

export default function ContactPage() {
  const { supportEmail } = config.brand;
  return (
    <>
      <PageTitle lead="Questions about a competition, a payment or your account? We answer every message.">Contact Us</PageTitle>
      <ContactForm />
      <p className="mt-8 text-sm text-slate-700">
        You can also write to{" "}
        <a className="font-semibold text-brand underline" href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </>
  );
}
