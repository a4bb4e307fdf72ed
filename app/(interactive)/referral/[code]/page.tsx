import { redirect } from "next/navigation";

/** Short referral links: /referral/{code} opens sign-up with the code. */
export default async function ReferralLinkPage({ params }: { params: Promise<{ code: string }> }) {
  redirect(`/login/referral/${encodeURIComponent((await params).code)}`);
}
