import Link from "next/link";
import { useTranslations } from "next-intl";

export function Footer({ brandName, tagline }: { brandName: string; tagline: string }) {
  const t = useTranslations("shell");
  return (
    <footer className="border-t border-slate-200 bg-white">
      {/* Room below the links for the fixed "Back to top" button (components/shell/BackToTop.tsx), so at the end of the page it covers none of them. */}
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 pt-6 pb-24 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <p>{t("copyright", { year: new Date().getFullYear(), brand: brandName, tagline })}</p>
        {/* No prefetch, as the header's links (Navbar.tsx): per-request pages have nothing to fetch ahead. */}
        <nav aria-label={t("legal")} className="flex flex-wrap gap-x-4 gap-y-1">
          <Link prefetch={false} className="hover:underline" href="/tnc">{t("termsShort")}</Link>
          <Link prefetch={false} className="hover:underline" href="/privacypolicy">{t("privacyPolicy")}</Link>
          <Link prefetch={false} className="hover:underline" href="/contactus">{t("contactUs")}</Link>
        </nav>
      </div>
    </footer>
  );
}
