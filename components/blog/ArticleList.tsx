import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { listArticles } from "@/lib/blog";
import { categoryName } from "@/lib/blog/schemas";
import { formatIndiaDate } from "@/lib/format";
import { ArticleFilters } from "./ArticleFilters";
import { CategoryLinks } from "./CategoryLinks";
import { listSearch, type ListState } from "./listQuery";
import { Pagination } from "./Pagination";

type ArticlePage = NonNullable<Awaited<ReturnType<typeof listArticles>>>;

interface ArticleListProps {
  /** Where the list lives: the index, a category page, or the article being read. */
  action: string;
  state: ListState;
  list: ArticlePage;
  /** The category whose page this is, for the filter's current link. */
  category?: string;
  /** An article's link from this list (the article page keeps the list's state in it). */
  hrefFor: (slug: string) => string;
  /** The article being read, when the list sits under one. */
  currentSlug?: string;
  /** A complementary list under an article; the main content on the index and category pages. */
  as?: "aside" | "section";
}

/** Every article, four a page, with sorting and category links (SPEC §2 blog reader). */
export function ArticleList({ action, state, list, category, hrefFor, currentSlug, as: Tag = "aside" }: ArticleListProps) {
  const t = useTranslations("blog");
  const named = useTranslations("blog.categoryNames");
  const language = useLocale();
  const shown = { ...state, page: list.page };
  return (
    <Tag id="all-articles" aria-labelledby="all-articles-title" className={`scroll-mt-24 ${Tag === "aside" ? "mt-12 border-t border-slate-200 pt-8" : ""}`}>
      <h2 id="all-articles-title" className="mb-4 text-xl font-semibold text-slate-900">{t("allArticles")}</h2>
      <CategoryLinks categories={list.categories} current={category ?? state.category} />
      <ArticleFilters action={action} state={shown} />
      {list.rows.length === 0 ? (
        <p className="text-slate-700">{t("noArticlesInCategory")}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {list.rows.map((article) => (
            <li key={article.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <h3 className="font-semibold leading-snug">
                <Link
                  prefetch={false}
                  href={hrefFor(article.slug)}
                  aria-current={article.slug === currentSlug ? "page" : undefined}
                  className="text-brand hover:underline aria-[current=page]:underline"
                >
                  {article.title}
                </Link>
              </h3>
              <p className="mt-1 text-xs text-slate-700">
                <span className="sr-only">{`${t("categoryLabel")} `}</span>
                <span className="font-semibold uppercase tracking-wide">{categoryName(article.category, named)}</span>
                <span aria-hidden="true"> · </span>
                <time dateTime={article.publishedAt.toISOString()}>{formatIndiaDate(article.publishedAt, language)}</time>
                <span aria-hidden="true"> · </span>
                <span>{t("readingTime", { minutes: article.readingMinutes })}</span>
              </p>
              <p className="mt-2 text-sm text-slate-700">{article.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={(page) => `${action}${listSearch({ ...shown, page })}#all-articles`} />
    </Tag>
  );
}
