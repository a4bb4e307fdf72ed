import { getImageProps } from "next/image";
import { useLocale, useTranslations } from "next-intl";
import { categoryName } from "@/lib/blog/schemas";
import { formatIndiaDate } from "@/lib/format";
import type { Article } from "./article";

/**
 * The whole article in the server HTML, so it reads and indexes without JavaScript.
 * `contentHtml` is the article's Markdown as the blog renders it (safe: no raw HTML).
 */
export function ArticleView({ article, contentHtml, readingMinutes }: { article: Article; contentHtml: string; readingMinutes: number }) {
  const t = useTranslations("blog");
  const named = useTranslations("blog.categoryNames");
  const language = useLocale();
  return (
    // scroll-mt keeps the title clear of the sticky navbar when a list link jumps to #article.
    <article id="article" aria-labelledby="article-title" className="scroll-mt-24">
      <header className="mb-6">
        <h1 id="article-title" className="text-3xl font-bold tracking-tight text-slate-900">{article.title}</h1>
        <p className="mt-2 text-sm text-slate-700">
          {t.rich("byAuthor", { author: article.author, name: (chunks) => <span className="font-medium text-slate-900">{chunks}</span> })}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">{`${t("inCategory")} `}</span>
          <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-slate-800">{categoryName(article.category, named)}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">{`${t("published")} `}</span>
          <time dateTime={article.publishedAt.toISOString()}>{formatIndiaDate(article.publishedAt, language)}</time>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          <span data-testid="reading-time">{t("readingTime", { minutes: readingMinutes })}</span>
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {t.rich("lastUpdated", {
            date: formatIndiaDate(article.updatedAt, language),
            time: (chunks) => <time dateTime={article.updatedAt.toISOString()}>{chunks}</time>,
          })}
        </p>
      </header>
      {article.imageUrl && <CoverImage article={article} src={article.imageUrl} />}
      <div className="prose-article text-slate-800" dangerouslySetInnerHTML={{ __html: contentHtml }} />
    </article>
  );
}

/** The launch covers' size: the box kept for an image whose own size could not be read. */
const FALLBACK = { width: 1200, height: 630 };
const boxClass = "mb-6 w-full rounded-xl border border-slate-200 bg-white";

/**
 * The article's largest paint, at the size read from its file when it was saved (so the page
 * does not shift as it loads), with the editor's description as its alt text ("" marks it decorative).
 */
function CoverImage({ article, src }: { article: Article; src: string }) {
  const known = article.imageWidth !== null && article.imageHeight !== null;
  const { width, height } = known ? { width: article.imageWidth!, height: article.imageHeight! } : FALLBACK;
  const className = known ? `${boxClass} h-auto` : `${boxClass} aspect-[1200/630] object-cover`;
  if (src.startsWith("/")) {
    // next/image's sizes, drawn here as a plain <img>: its client component would add a script
    // and its hydration to every article for an image that never changes once drawn.
    const { props } = getImageProps({ src, alt: article.imageAlt, width, height, loading: "eager", fetchPriority: "high", sizes: "(min-width: 1024px) 720px, 100vw", className });
    // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- props holds the alt text
    return <img {...props} />;
  }
  // Admins may link images on any host, which next/image would need configured in advance.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={src} alt={article.imageAlt} width={width} height={height} fetchPriority="high" className={className} />;
}
