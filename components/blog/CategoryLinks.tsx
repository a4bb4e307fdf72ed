import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { categoryPath } from "@/lib/blog";
import { categoryName } from "@/lib/blog/schemas";
import { BLOG_PATH } from "./article";

const linkClass =
  "inline-block rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/** The category filter as plain links, so every category page can be reached and crawled without a form. */
export function CategoryLinks({ categories, current }: { categories: string[]; current?: string }) {
  const t = useTranslations("blog");
  const named = useTranslations("blog.categoryNames");
  // A category's name alone ("Information") says nothing out of context; the hidden words name the link "Articles in Information".
  const hidden = (chunks: ReactNode) => <span className="sr-only">{chunks}</span>;
  const items = [
    { label: t("allCategories"), href: BLOG_PATH, active: current === undefined },
    ...categories.map((category) => ({ label: t.rich("categoryLink", { category: categoryName(category, named), hidden }), href: categoryPath(category), active: category === current })),
  ];
  return (
    <nav aria-label={t("categories")} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              prefetch={false}
              href={item.href}
              aria-current={item.active ? "page" : undefined}
              className={`${linkClass} ${item.active ? "border-brand bg-brand text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"}`}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
