import type { Metadata } from "next";
import { config } from "@/lib/config";
import { articlePath, FEED_PATH, type Article } from "./article";

/** Every blog page names its canonical address and points feed readers at the RSS feed. */
export function blogAlternates(canonical: string): NonNullable<Metadata["alternates"]> {
  return { canonical, types: { "application/rss+xml": [{ url: FEED_PATH, title: `${config.brand.name} blog` }] } };
}

/** A list page's address: page 1 is the bare address, so it has one canonical form. */
export function listPagePath(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}

/** The index and each category page: their own title, description and canonical, page by page. */
export function listMetadata({ title, description, path, page }: { title: string; description: string; path: string; page: number }): Metadata {
  const fullTitle = page > 1 ? `${title}, page ${page}` : title;
  const url = listPagePath(path, page);
  return {
    title: fullTitle,
    description,
    alternates: blogAlternates(url),
    openGraph: { type: "website", title: fullTitle, description, url, siteName: config.brand.name },
  };
}

/** Title, description, canonical and sharing cards for one article (SPEC §3 page metadata). */
export function articleMetadata(article: Article): Metadata {
  const url = articlePath(article.slug);
  const images = article.imageUrl
    ? [{ url: article.imageUrl, alt: article.imageAlt || article.title, width: article.imageWidth ?? undefined, height: article.imageHeight ?? undefined }]
    : undefined;
  return {
    title: article.title,
    description: article.description,
    keywords: article.keywords,
    authors: [{ name: article.author }],
    alternates: blogAlternates(url),
    openGraph: {
      type: "article",
      title: article.title,
      description: article.description,
      url,
      siteName: config.brand.name,
      images,
      publishedTime: article.publishedAt.toISOString(),
      modifiedTime: article.updatedAt.toISOString(),
      authors: [article.author],
      section: article.category,
      tags: article.keywords,
    },
    twitter: {
      card: "summary_large_image",
      title: article.title,
      description: article.description,
      images,
    },
  };
}
