import Link from "next/link";

export function Footer({ brandName, tagline }: { brandName: string; tagline: string }) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {new Date().getFullYear()} {brandName}. {tagline}. All rights reserved.
        </p>
        <nav aria-label="Legal" className="flex gap-4">
          <Link className="hover:underline" href="/tnc">T&amp;C</Link>
          <Link className="hover:underline" href="/privacypolicy">Privacy policy</Link>
          <Link className="hover:underline" href="/contactus">Contact Us</Link>
        </nav>
      </div>
    </footer>
  );
}
