import "server-only";
import { asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { blogs } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { excerpt } from "./markdown";

export const BLOG_PAGE_SIZE = 4;
export const SIDEBAR_SIZE = 5;
export type BlogSort = "latest" | "title";

const summaryColumns = {
  id: blogs.id,
  slug: blogs.slug,
  title: blogs.title,
  description: blogs.description,
  category: blogs.category,
  author: blogs.author,
  imageUrl: blogs.imageUrl,
  publishedAt: blogs.publishedAt,
  content: blogs.content,
};

function summarise<T extends { content: string }>({ content, ...row }: T) {
  return { ...row, excerpt: excerpt(content) };
}

export interface ArticleQuery {
  page?: number;
  sort?: BlogSort;
  category?: string;
}

/** One page of articles for the reader: 4 a page, latest first or by title, one category or all. */
export const listArticles = service("blog.read", async (_actor, query: ArticleQuery = {}) => {
  const db = await getDb();
  const where: SQL | undefined = query.category ? eq(blogs.category, query.category) : undefined;
  const order = query.sort === "title" ? [asc(blogs.title)] : [desc(blogs.publishedAt), asc(blogs.title)];
  const [[{ total }], categories] = await Promise.all([
    db.select({ total: count() }).from(blogs).where(where),
    db.selectDistinct({ category: blogs.category }).from(blogs).orderBy(asc(blogs.category)),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const rows = await db
    .select(summaryColumns)
    .from(blogs)
    .where(where)
    .orderBy(...order)
    .limit(BLOG_PAGE_SIZE)
    .offset((page - 1) * BLOG_PAGE_SIZE);
  return { rows: rows.map(summarise), total, page, pageCount, categories: categories.map((row) => row.category) };
});

/** The sidebars: the five newest, and the five most read by real view counts. */
export const sidebarArticles = service("blog.read", async (_actor) => {
  const db = await getDb();
  const columns = { slug: blogs.slug, title: blogs.title, publishedAt: blogs.publishedAt, viewCount: blogs.viewCount };
  const [recent, popular] = await Promise.all([
    db.select(columns).from(blogs).orderBy(desc(blogs.publishedAt)).limit(SIDEBAR_SIZE),
    db.select(columns).from(blogs).orderBy(desc(blogs.viewCount), desc(blogs.publishedAt)).limit(SIDEBAR_SIZE),
  ]);
  return { recent, popular };
});

export const findArticleBySlug = service("blog.read", async (_actor, slug: string) => {
  const db = await getDb();
  const [article] = await db.select().from(blogs).where(eq(blogs.slug, slug));
  return article ?? null;
});

/** Counts a read of an article, for the popular list. */
export const recordArticleView = service("blog.read", async (_actor, slug: string): Promise<void> => {
  const db = await getDb();
  // A read is not an edit: updatedAt (the sitemap's lastmod) stays as it was.
  await db.update(blogs).set({ viewCount: sql`${blogs.viewCount} + 1`, updatedAt: sql`${blogs.updatedAt}` }).where(eq(blogs.slug, slug));
});

export const firstArticleSlug = service("blog.read", async (_actor): Promise<string | null> => {
  const db = await getDb();
  const [first] = await db.select({ slug: blogs.slug }).from(blogs).orderBy(desc(blogs.publishedAt), asc(blogs.title)).limit(1);
  return first?.slug ?? null;
});

/** Every article's address and last change, for sitemap.xml. */
export const articleAddresses = service("blog.read", async (_actor) => {
  const db = await getDb();
  return db.select({ slug: blogs.slug, updatedAt: blogs.updatedAt }).from(blogs).orderBy(desc(blogs.publishedAt));
});
