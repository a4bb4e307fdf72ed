import { cache } from "react";
import { findArticleBySlug } from "@/lib/blog/service";
import { config } from "@/lib/config";

/** The route's layout, generateMetadata and page all need the article: one query per request. */
export const getArticle = cache(findArticleBySlug);

export type Article = NonNullable<Awaited<ReturnType<typeof findArticleBySlug>>>;

export function articlePath(slug: string): string {
  return `/readblogs/${encodeURIComponent(slug)}`;
}

/** Structured data must carry absolute URLs; stored image paths are usually site-relative. */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, config.appUrl).href;
}
