import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "You are offline", robots: { index: false } };

export default function OfflinePage() {
  return (
    <section className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-8 text-center">
      <h1 className="text-2xl font-bold">You are offline</h1>
      <p className="mt-3 text-slate-700">
        This page needs an internet connection. Your answers in a running quiz are kept on this device and sent as soon as you are
        back online.
      </p>
      <p className="mt-4">
        <Link href="/" className="font-semibold text-brand underline">Try again</Link>
      </p>
    </section>
  );
}
