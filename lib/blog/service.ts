import "server-only";
import { and, asc, count, desc, eq, gt, lt, max, or, sql, type SQL } from "drizzle-orm";
import { createTranslator } from "use-intl/core";
import { blogs } from "@/db/schema";
import { service } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import englishBlog from "@/messages/en/blog.json";
import { blogCategories } from "./admin";
import { categoryFromSlug, categoryPath } from "./categories";
import { buildRssFeed } from "./feed";
import { excerpt } from "./markdown";
import { BLOG_PAGE_SIZE, pageSlice } from "./paging";
import { readingMinutes } from "./reading";

export { BLOG_PAGE_SIZE };
const SIDEBAR_SIZE = 5;
/** How many of the newest articles the feed carries. */
const FEED_SIZE = 20;
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
  return { ...row, excerpt: excerpt(content), readingMinutes: readingMinutes(content) };
}

export interface ArticleQuery {
  page?: number;
  sort?: BlogSort;
  category?: string;
}

/** The reader's order: newest first, then by title and address so equal dates still have one order. */
const NEWEST_FIRST = [desc(blogs.publishedAt), asc(blogs.title), asc(blogs.slug)];

/**
 * One page of articles for the reader: 4 a page, latest first or by title, one category or all.
 * Null for a page past the last one, so that address can answer 404 rather than repeat another page.
 */
export const listArticles = service("blog.read", async (_actor, query: ArticleQuery = {}) => {
  const db = await getDb();
  const where: SQL | undefined = query.category ? eq(blogs.category, query.category) : undefined;
  const order = query.sort === "title" ? [asc(blogs.title), asc(blogs.slug)] : NEWEST_FIRST;
  const [[{ total }], categories] = await Promise.all([
    db.select({ total: count() }).from(blogs).where(where),
    db.selectDistinct({ category: blogs.category }).from(blogs).orderBy(asc(blogs.category)),
  ]);
  const slice = pageSlice(total, query.page ?? 1);
  if (slice.page === null) return null;
  const rows = await db.select(summaryColumns).from(blogs).where(where).orderBy(...order).limit(BLOG_PAGE_SIZE).offset(slice.offset);
  return { rows: rows.map(summarise), total, page: slice.page, pageCount: slice.pageCount, categories: categories.map((row) => row.category) };
});

/**
 * The category a category page's address names: one of the editor's categories, or one an
 * older article still carries. Null when there is no such category (the page answers 404).
 */
export const findCategoryBySlug = service("blog.read", async (_actor, slug: string) => {
  const db = await getDb();
  const stored = await db.selectDistinct({ category: blogs.category }).from(blogs);
  return categoryFromSlug(slug, [...blogCategories(), ...stored.map((row) => row.category)]);
});

/**
 * The articles just older and just newer than this one, in the reader's newest-first order.
 * The article's own time is read in SQL: the database keeps microseconds, a JavaScript Date only
 * milliseconds, so comparing with the Date would find the article newer than itself.
 */
export const adjacentArticles = service("blog.read", async (_actor, article: { slug: string; title: string }) => {
  const db = await getDb();
  const columns = { slug: blogs.slug, title: blogs.title };
  const at = sql`(select ${blogs.publishedAt} from ${blogs} where ${blogs.slug} = ${article.slug})`;
  const sameTime = sql`${blogs.publishedAt} = ${at}`;
  const listedAfter = or(gt(blogs.title, article.title), and(eq(blogs.title, article.title), gt(blogs.slug, article.slug)));
  const listedBefore = or(lt(blogs.title, article.title), and(eq(blogs.title, article.title), lt(blogs.slug, article.slug)));
  const [[older], [newer]] = await Promise.all([
    db.select(columns).from(blogs).where(or(sql`${blogs.publishedAt} < ${at}`, and(sameTime, listedAfter))).orderBy(...NEWEST_FIRST).limit(1),
    db
      .select(columns)
      .from(blogs)
      .where(or(sql`${blogs.publishedAt} > ${at}`, and(sameTime, listedBefore)))
      .orderBy(asc(blogs.publishedAt), desc(blogs.title), desc(blogs.slug))
      .limit(1),
  ]);
  return { previous: older ?? null, next: newer ?? null };
});

/** The feed is in English whatever the reader's language: one address for every reader, and its items are the articles as written. */
const feedTexts = createTranslator({ locale: "en", messages: { blog: englishBlog }, namespace: "blog" });

/** The RSS 2.0 document for /readblogs/feed.xml: the newest articles, linked from the public address. */
export const blogFeed = service("blog.read", async (_actor): Promise<string> => {
  const db = await getDb();
  const rows = await db
    .select({ slug: blogs.slug, title: blogs.title, description: blogs.description, author: blogs.author, category: blogs.category, publishedAt: blogs.publishedAt, updatedAt: blogs.updatedAt })
    .from(blogs)
    .orderBy(...NEWEST_FIRST)
    .limit(FEED_SIZE);
  return buildRssFeed({
    siteUrl: config.appUrl,
    title: feedTexts("feedTitle", { brand: config.brand.name }),
    description: feedTexts("description", { brand: config.brand.name }),
    blogPath: "/readblogs",
    feedPath: "/readblogs/feed.xml",
    items: rows.map((row) => ({ ...row, path: `/readblogs/${encodeURIComponent(row.slug)}` })),
  });
});

/** Every category that has articles, with its newest change, for sitemap.xml. */
export const categoryAddresses = service("blog.read", async (_actor) => {
  const db = await getDb();
  const rows = await db.select({ category: blogs.category, updatedAt: max(blogs.updatedAt) }).from(blogs).groupBy(blogs.category).orderBy(asc(blogs.category));
  return rows.map((row) => ({ path: categoryPath(row.category), updatedAt: row.updatedAt ?? undefined }));
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

/** Every article's address and last change, for sitemap.xml. */
export const articleAddresses = service("blog.read", async (_actor) => {
  const db = await getDb();
  return db.select({ slug: blogs.slug, updatedAt: blogs.updatedAt }).from(blogs).orderBy(desc(blogs.publishedAt));
});
