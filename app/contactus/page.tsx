import type { Metadata } from "next";
import { ComingNext, PageTitle } from "@/components/ui/PageTitle";
import { config } from "@/lib/config";

export const metadata: Metadata = {
  title: "Contact us",
  description: `Questions about a competition, a payment or your account? Contact the ${config.brand.name} team.`,
  alternates: { canonical: "/contactus" },
};

export default function ContactPage() {
  return (
    <>
      <PageTitle lead="Questions about a competition, a payment or your account? We answer every message.">Contact Us</PageTitle>
      <ComingNext>
        The contact form opens here soon. Meanwhile, write to{" "}
        <a className="font-semibold text-brand underline" href={`mailto:${config.brand.supportEmail}`}>{config.brand.supportEmail}</a>.
      </ComingNext>
    </>
  );
}
