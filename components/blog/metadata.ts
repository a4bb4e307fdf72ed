import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { config } from "@/lib/config";
import { pageAlternates } from "@/lib/i18n";
import { articlePath, FEED_PATH, type Article } from "./article";

/** Every blog page points feed readers at the RSS feed (English whatever the page's language: the articles as written). */
async function feedAlternate(): Promise<NonNullable<Metadata["alternates"]>["types"]> {
  const t = await getTranslations("blog");
  return { "application/rss+xml": [{ url: FEED_PATH, title: t("feedTitle", { brand: config.brand.name }) }] };
}

/** A list page's address: page 1 is the bare address, so it has one canonical form. */
function listPagePath(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}

/**
 * The index and each category page: their own title, description and canonical, page by page,
 * in the language shown, with the same page's address in the other language (hreflang).
 */
export async function listMetadata({ title, description, path, page }: { title: string; description: string; path: string; page: number }): Promise<Metadata> {
  const t = await getTranslations("blog");
  const fullTitle = page > 1 ? t("numberedTitle", { title, page }) : title;
  const alternates = await pageAlternates(listPagePath(path, page));
  return {
    title: fullTitle,
    description,
    alternates: { ...alternates, types: await feedAlternate() },
    openGraph: { type: "website", title: fullTitle, description, url: alternates.canonical, siteName: config.brand.name },
  };
}

/**
 * Title, description, canonical and sharing cards for one article (SPEC §3 page metadata). An
 * article is in the language it was written in: one address, whatever the language around it.
 */
export async function articleMetadata(article: Article): Promise<Metadata> {
  const url = articlePath(article.slug);
  const images = article.imageUrl
    ? [{ url: article.imageUrl, alt: article.imageAlt || article.title, width: article.imageWidth ?? undefined, height: article.imageHeight ?? undefined }]
    : undefined;
  return {
    title: article.title,
    description: article.description,
    keywords: article.keywords,
    authors: [{ name: article.author }],
    alternates: { canonical: url, types: await feedAlternate() },
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
