import { desc, eq } from "drizzle-orm";
import { blogs } from "@/db/schema";
import { getDb } from "@/lib/db";

const articleSummary = {
  id: blogs.id,
  slug: blogs.slug,
  title: blogs.title,
  description: blogs.description,
  category: blogs.category,
  author: blogs.author,
  imageUrl: blogs.imageUrl,
  publishedAt: blogs.publishedAt,
};

export type ArticleSummary = Awaited<ReturnType<typeof listArticles>>[number];

export async function listArticles() {
  const db = await getDb();
  return db.select(articleSummary).from(blogs).orderBy(desc(blogs.publishedAt));
}

export async function findArticleBySlug(slug: string) {
  const db = await getDb();
  const [article] = await db.select().from(blogs).where(eq(blogs.slug, slug));
  return article ?? null;
}
