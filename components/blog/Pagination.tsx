import Link from "next/link";
import { useTranslations } from "next-intl";
import { pageWindow } from "@/components/ui/pageWindow";

const itemClass = "inline-flex min-w-9 items-center justify-center rounded-lg border px-3 py-1.5 text-sm font-medium";
const linkClass = `${itemClass} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`;

/** Previous, up to five page numbers around the current page, Next (SPEC §2). */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const t = useTranslations("blog");
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t("articlePages")} className="mt-4">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {page > 1 ? (
            <Link prefetch={false} href={hrefFor(page - 1)} rel="prev" className={linkClass}>{t("previous")}</Link>
          ) : (
            <span aria-disabled="true" className={`${itemClass} border-slate-200 text-slate-600`}>{t("previous")}</span>
          )}
        </li>
        {pageWindow(page, 1, pageCount).map((number) => (
          <li key={number}>
            <Link
              prefetch={false}
              href={hrefFor(number)}
              aria-label={t("pageNumber", { page: number })}
              aria-current={number === page ? "page" : undefined}
              className={number === page ? `${itemClass} border-brand bg-brand text-white` : linkClass}
            >
              {number}
            </Link>
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link prefetch={false} href={hrefFor(page + 1)} rel="next" className={linkClass}>{t("next")}</Link>
          ) : (
            <span aria-disabled="true" className={`${itemClass} border-slate-200 text-slate-600`}>{t("next")}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
