import Link from "next/link";
import { useTranslations } from "next-intl";

export interface PagerProps {
  label: string;
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
  className?: string;
}

/** "Previous / Page N of M / Next" as plain links, so a paged table works without JavaScript. */
export function Pager({ label, page, pageCount, pageHref, className = "" }: PagerProps) {
  const t = useTranslations("ui");
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={`flex items-center gap-3 text-sm ${className}`}>
      {page > 1 && <Link className="font-medium text-brand underline" href={pageHref(page - 1)}>{t("previous")}</Link>}
      <span>{t("pageOf", { page, count: pageCount })}</span>
      {page < pageCount && <Link className="font-medium text-brand underline" href={pageHref(page + 1)}>{t("next")}</Link>}
    </nav>
  );
}
