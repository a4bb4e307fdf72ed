import Link from "next/link";

export interface PagerProps {
  label: string;
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
  className?: string;
}

/** "Previous / Page N of M / Next" as plain links, so a paged table works without JavaScript. */
export function Pager({ label, page, pageCount, pageHref, className = "" }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={`flex items-center gap-3 text-sm ${className}`}>
      {page > 1 && <Link className="font-medium text-brand underline" href={pageHref(page - 1)}>Previous</Link>}
      <span>Page {page} of {pageCount}</span>
      {page < pageCount && <Link className="font-medium text-brand underline" href={pageHref(page + 1)}>Next</Link>}
    </nav>
  );
}
