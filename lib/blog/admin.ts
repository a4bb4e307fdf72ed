import "server-only";
import { desc, eq, like } from "drizzle-orm";
import { blogs } from "@/db/schema";
import { config } from "@/lib/config";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { RESERVED_SLUGS, slugify } from "./categories";
import { localImageSize } from "./local-image";
import { plainText } from "./markdown";
import { FIXED_CATEGORIES, type BlogInput } from "./schemas";

export function blogCategories(): string[] {
  return [config.brand.name, ...FIXED_CATEGORIES];
}


/** A readable, unique address for a new article: "my-title", then "my-title-2", ... */
async function freeSlug(title: string): Promise<string> {
  const db = await getDb();
  const base = slugify(title, 80) || "article";
  const taken = new Set((await db.select({ slug: blogs.slug }).from(blogs).where(like(blogs.slug, `${base}%`))).map((row) => row.slug));
  for (const reserved of RESERVED_SLUGS) taken.add(reserved);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function columns(input: BlogInput) {
  const imageUrl = input.imageUrl || null;
  const size = await localImageSize(imageUrl);
  return {
    title: input.title,
    content: input.content,
    author: input.author,
    category: input.category,
    description: input.description || plainText(input.content).slice(0, 155),
    keywords: input.keywords ?? [],
    imageUrl,
    imageAlt: imageUrl ? (input.imageAlt ?? "") : "",
    imageWidth: size?.width ?? null,
    imageHeight: size?.height ?? null,
    ...(input.datePublished && { publishedAt: input.datePublished }),
  };
}

export const createBlog = service("blog.edit", async (_actor, input: BlogInput) => {
  const db = await getDb();
  const [blog] = await db.insert(blogs).values({ ...(await columns(input)), slug: await freeSlug(input.title) }).returning();
  return blog;
});

/** The address stays the same when the title changes, so shared links keep working. */
export const updateBlog = service("blog.edit", async (_actor, blogId: string, input: BlogInput) => {
  const db = await getDb();
  const [blog] = await db.update(blogs).set(await columns(input)).where(eq(blogs.id, blogId)).returning();
  if (!blog) throw new NotFound(message("articleNotFound"));
  return blog;
});

export const deleteBlog = service("blog.edit", async (_actor, blogId: string) => {
  const db = await getDb();
  const deleted = await db.delete(blogs).where(eq(blogs.id, blogId)).returning({ id: blogs.id });
  if (deleted.length === 0) throw new NotFound(message("articleNotFound"));
});

/** Every article, newest first: the admin's list and the public GET /api/getblogs. */
export const listBlogs = service("blog.read", async (_actor) => {
  const db = await getDb();
  return db.select().from(blogs).orderBy(desc(blogs.publishedAt));
});
