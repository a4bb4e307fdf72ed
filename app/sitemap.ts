import type { MetadataRoute } from "next";
import { currentActor } from "@/lib/auth";
import { articleAddresses, categoryAddresses } from "@/lib/blog";
import { config } from "@/lib/config";
import { addressIn, languageAddresses } from "@/lib/i18n";
import { LANGUAGES } from "@/lib/i18n/schemas";

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

const absolute = (path: string) => new URL(path, config.appUrl).href;

/** A page in each language, each entry naming the others (hreflang), as search engines ask. */
function inEveryLanguage(path: string, lastModified?: Date): MetadataRoute.Sitemap {
  const languages = Object.fromEntries(Object.entries(languageAddresses(path)).filter(([code]) => code !== "x-default").map(([code, address]) => [code, absolute(address)]));
  return LANGUAGES.map((language) => ({ url: absolute(addressIn(path, language)), lastModified, alternates: { languages } }));
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const reader = await currentActor();
  const [articles, categories] = await Promise.all([articleAddresses(reader), categoryAddresses(reader)]);
  return [
    ...PUBLIC_PAGES.flatMap((path) => inEveryLanguage(path)),
    // Each blog category's own page (the index, /readblogs, is among the public pages).
    ...categories.flatMap((category) => inEveryLanguage(category.path, category.updatedAt)),
    // An article is in the language it was written in: one address.
    ...articles.map((article) => ({
      url: absolute(`/readblogs/${encodeURIComponent(article.slug)}`),
      lastModified: article.updatedAt,
    })),
  ];
}
