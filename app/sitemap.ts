import type { MetadataRoute } from "next";
import { currentActor } from "@/lib/auth";
import { articleAddresses } from "@/lib/blog";
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
  const articles = await articleAddresses(await currentActor());
  return [
    ...PUBLIC_PAGES.map((path) => ({ url: new URL(path, config.appUrl).href })),
    ...articles.map((article) => ({
      url: new URL(`/readblogs/${encodeURIComponent(article.slug)}`, config.appUrl).href,
      lastModified: article.updatedAt,
    })),
  ];
}
