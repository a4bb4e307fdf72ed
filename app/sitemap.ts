import type { MetadataRoute } from "next";
import { currentActor } from "@/lib/auth";
import { articleAddresses, categoryAddresses } from "@/lib/blog";
import { config } from "@/lib/config";

// It lists the articles from the database: build it per request, so `next build` never opens the database.
export const dynamic = "force-dynamic";

const PUBLIC_PAGES = [
  "/",
  "/readblogs",
  "/quizeslist",
  "/prizelisting",
  "/winnerleaderboard",
  "/demoquiz",
  "/contactus",
  "/tnc",
  "/privacypolicy",
  "/login",
];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const reader = await currentActor();
  const [articles, categories] = await Promise.all([articleAddresses(reader), categoryAddresses(reader)]);
  return [
    ...PUBLIC_PAGES.map((path) => ({ url: new URL(path, config.appUrl).href })),
    // Each blog category's own page (the index, /readblogs, is among the public pages).
    ...categories.map((category) => ({ url: new URL(category.path, config.appUrl).href, lastModified: category.updatedAt })),
    ...articles.map((article) => ({
      url: new URL(`/readblogs/${encodeURIComponent(article.slug)}`, config.appUrl).href,
      lastModified: article.updatedAt,
    })),
  ];
}
