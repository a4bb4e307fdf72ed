import type { Metadata } from "next";
import { config } from "@/lib/config";
import { articlePath, type Article } from "./article";

/** Title, description, canonical and sharing cards for one article (SPEC §3 page metadata). */
export function articleMetadata(article: Article): Metadata {
  const url = articlePath(article.slug);
  const images = article.imageUrl ? [{ url: article.imageUrl, alt: article.title }] : undefined;
  return {
    title: article.title,
    description: article.description,
    keywords: article.keywords,
    authors: [{ name: article.author }],
    alternates: { canonical: url },
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
