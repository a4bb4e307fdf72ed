import type { findArticleBySlug } from "@/lib/blog";
import { config } from "@/lib/config";

export type Article = NonNullable<Awaited<ReturnType<typeof findArticleBySlug>>>;

export const BLOG_PATH = "/readblogs";
export const FEED_PATH = "/readblogs/feed.xml";

export function articlePath(slug: string): string {
  return `/readblogs/${encodeURIComponent(slug)}`;
}

/** Structured data must carry absolute URLs; stored image paths are usually site-relative. */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, config.appUrl).href;
}
