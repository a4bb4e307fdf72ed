import Link from "next/link";
import { useLocale } from "next-intl";
import { formatIndiaDate } from "@/lib/format";
import { articleHref, type ListState } from "./listQuery";

interface SidebarArticle {
  slug: string;
  title: string;
  publishedAt: Date;
}

/** "Recent posts" and "Popular posts": five links each, keeping the list's sort, filter and page. */
export function SidebarList({ id, title, articles, state }: { id: string; title: string; articles: SidebarArticle[]; state: ListState }) {
  const language = useLocale();
  return (
    <aside aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      <ul className="space-y-3">
        {articles.map((article) => (
          <li key={article.slug}>
            <Link prefetch={false} href={articleHref(article.slug, state)} className="font-medium text-brand hover:underline">{article.title}</Link>
            <p className="text-xs text-slate-700">
              <time dateTime={article.publishedAt.toISOString()}>{formatIndiaDate(article.publishedAt, language)}</time>
            </p>
          </li>
        ))}
      </ul>
    </aside>
  );
}
