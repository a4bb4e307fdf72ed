import Image from "next/image";
import { formatIndiaDate } from "@/lib/format";
import type { Article } from "./article";

/**
 * The whole article in the server HTML, so it reads and indexes without JavaScript.
 * `contentHtml` is the article's Markdown as the blog renders it (safe: no raw HTML).
 */
export function ArticleView({ article, contentHtml }: { article: Article; contentHtml: string }) {
  return (
    // scroll-mt keeps the title clear of the sticky navbar when a list link jumps to #article.
    <article id="article" aria-labelledby="article-title" className="scroll-mt-24">
      <header className="mb-6">
        <h1 id="article-title" className="text-3xl font-bold tracking-tight text-slate-900">{article.title}</h1>
        <p className="mt-2 text-sm text-slate-700">
          By <span className="font-medium text-slate-900">{article.author}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, in </span>
          <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-slate-800">{article.category}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, published </span>
          <time dateTime={article.publishedAt.toISOString()}>{formatIndiaDate(article.publishedAt)}</time>
        </p>
      </header>
      {article.imageUrl && <CoverImage src={article.imageUrl} alt={`Cover image for ${article.title}`} />}
      <div className="prose-article text-slate-800" dangerouslySetInnerHTML={{ __html: contentHtml }} />
    </article>
  );
}

const coverClass = "mb-6 aspect-[1200/630] w-full rounded-xl border border-slate-200 bg-white object-cover";

/** The article's largest paint: local covers go through the image optimiser at the size shown. */
function CoverImage({ src, alt }: { src: string; alt: string }) {
  if (src.startsWith("/")) {
    return <Image src={src} alt={alt} width={1200} height={630} priority sizes="(min-width: 1024px) 720px, 100vw" className={coverClass} />;
  }
  // Admins may link images on any host, which next/image would need configured in advance.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={src} alt={alt} width={1200} height={630} fetchPriority="high" className={coverClass} />;
}
