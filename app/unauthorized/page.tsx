import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Unauthorized", robots: { index: false } };

export default function UnauthorizedPage() {
  return (
    <section className="mx-auto max-w-xl rounded-xl border border-red-200 bg-white p-8 text-center">
      <h1 className="text-2xl font-bold text-red-800">You are not an admin to access this page.</h1>
      <p className="mt-4 text-slate-700">
        <Link href="/" className="font-semibold text-brand underline">Go back home</Link>
      </p>
    </section>
  );
}
