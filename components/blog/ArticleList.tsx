import Link from "next/link";
import type { listArticles } from "@/lib/blog";
import { formatIndiaDate } from "@/lib/format";
import { articlePath } from "./article";
import { ArticleFilters } from "./ArticleFilters";
import { articleHref, listSearch, type ListState } from "./listQuery";
import { Pagination } from "./Pagination";

type ArticlePage = Awaited<ReturnType<typeof listArticles>>;

/** Every article, four a page, with sorting and a category filter (SPEC §2 blog reader). */
export function ArticleList({ currentSlug, state, list }: { currentSlug: string; state: ListState; list: ArticlePage }) {
  const shown = { ...state, page: list.page };
  const action = articlePath(currentSlug);
  return (
    <aside id="all-articles" aria-labelledby="all-articles-title" className="mt-12 scroll-mt-24 border-t border-slate-200 pt-8">
      <h2 id="all-articles-title" className="mb-4 text-xl font-semibold text-slate-900">All articles</h2>
      <ArticleFilters action={action} state={shown} categories={list.categories} />
      {list.rows.length === 0 ? (
        <p className="text-slate-700">No articles in this category yet.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {list.rows.map((article) => (
            <li key={article.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <h3 className="font-semibold leading-snug">
                <Link
                  href={articleHref(article.slug, shown)}
                  aria-current={article.slug === currentSlug ? "page" : undefined}
                  className="text-brand hover:underline aria-[current=page]:underline"
                >
                  {article.title}
                </Link>
              </h3>
              <p className="mt-1 text-xs text-slate-700">
                <span className="sr-only">Category: </span>
                <span className="font-semibold uppercase tracking-wide">{article.category}</span>
                <span aria-hidden="true"> · </span>
                <time dateTime={article.publishedAt.toISOString()}>{formatIndiaDate(article.publishedAt)}</time>
              </p>
              <p className="mt-2 text-sm text-slate-700">{article.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) => `${action}${listSearch({ ...shown, page })}#all-articles`}
      />
    </aside>
  );
}
