import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as addBlog } from "@/app/api/addblog/route";
import { PUT as updateBlog } from "@/app/api/updateblog/[id]/route";
import { GET as feed } from "@/app/readblogs/feed.xml/route";
import { blogs } from "@/db/schema";
import { VISITOR } from "@/lib/auth";
import { adjacentArticles, BLOG_PAGE_SIZE, findArticleBySlug, findCategoryBySlug, listArticles, renderArticle } from "@/lib/blog";
import { config } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import { call } from "../support/http";
import { admin } from "../support/users";

const created: string[] = [];
afterAll(async () => {
  const db = await getDb();
  if (created.length > 0) await db.delete(blogs).where(inArray(blogs.id, created));
  await closeDatabase();
});

async function publish(json: Record<string, unknown>) {
  const response = await call(addBlog, { as: await admin(), json: { content: "Some words to read.", author: "Asha Rao", category: "education", ...json } });
  expect(response.status).toBe(201);
  const blog = response.body.blog as { id: string; slug: string; title: string; publishedAt: string; imageWidth: number | null; imageHeight: number | null; imageAlt: string };
  created.push(blog.id);
  return blog;
}

describe("cover images", () => {
  it("keeps the editor's alt text and reads the size from the image file's header on save", async () => {
    const blog = await publish({ title: "Cover with size", imageUrl: "/blog/quiz.png", imageAlt: "Answer options A to D with B ticked" });
    expect(blog).toMatchObject({ imageAlt: "Answer options A to D with B ticked", imageWidth: 1200, imageHeight: 630 });

    const updated = await call(updateBlog, {
      method: "PUT",
      as: await admin(),
      params: { id: blog.id },
      json: { title: "Cover with size", content: "Text", author: "Asha Rao", category: "education", imageUrl: "https://images.example/cover.jpg", imageAlt: "A cover elsewhere" },
    });
    // Another host's image is never fetched by the server, so its size is unknown.
    expect(updated.body.blog).toMatchObject({ imageAlt: "A cover elsewhere", imageWidth: null, imageHeight: null });
  });

  it("gives no size for a missing file or a path out of public/, and no alt text without an image", async () => {
    expect(await publish({ title: "Missing cover", imageUrl: "/blog/nothing-here.png", imageAlt: "x" })).toMatchObject({ imageWidth: null, imageHeight: null });
    expect(await publish({ title: "Escaping cover", imageUrl: "/%2e%2e/package.json" })).toMatchObject({ imageWidth: null, imageHeight: null });
    expect(await publish({ title: "No cover", imageAlt: "Nothing to describe" })).toMatchObject({ imageAlt: "" });
  });
});

describe("images inside an article", () => {
  it("get the size read from their file when it is on this site", async () => {
    const html = await renderArticle("![Answer options](/blog/quiz.png)\n\n![Missing](/blog/none.png)");
    expect(html).toContain('<img src="/blog/quiz.png" alt="Answer options" width="1200" height="630" loading="lazy" decoding="async">');
    expect(html).toContain('<img src="/blog/none.png" alt="Missing" loading="lazy" decoding="async">');
  });
});

describe("blog addresses", () => {
  it("never gives an article the address of the category pages", async () => {
    const blog = await publish({ title: "Category" });
    expect(blog.slug).toBe("category-2");
  });

  it("finds a category by its address, the brand's own too", async () => {
    expect(await findCategoryBySlug(VISITOR, "education")).toBe("education");
    expect(await findCategoryBySlug(VISITOR, "olympiad")).toBe(config.brand.name);
    expect(await findCategoryBySlug(VISITOR, "no-such-category")).toBeNull();
  });
});

describe("browsing the blog", () => {
  it("pages four at a time, newest first, and has no page past the end", async () => {
    const first = await listArticles(VISITOR, { page: 1 });
    expect(first!.rows.length).toBe(Math.min(BLOG_PAGE_SIZE, first!.total));
    const dates = first!.rows.map((row) => row.publishedAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(first!.rows[0].readingMinutes).toBeGreaterThanOrEqual(1);
    expect(await listArticles(VISITOR, { page: first!.pageCount + 1 })).toBeNull();
  });

  it("links each article to the one published just before and just after it", async () => {
    // Older than anything else in the test database, so these three are each other's neighbours.
    const oldest = await publish({ title: "Ancient one", datePublished: "1990-01-01T00:00:00Z" });
    const middle = await publish({ title: "Ancient two", datePublished: "1990-01-02T00:00:00Z" });
    const newest = await publish({ title: "Ancient three", datePublished: "1990-01-03T00:00:00Z" });
    const article = (slug: string) => findArticleBySlug(VISITOR, slug).then((row) => row!);

    expect(await adjacentArticles(VISITOR, await article(middle.slug))).toEqual({
      previous: { slug: oldest.slug, title: "Ancient one" },
      next: { slug: newest.slug, title: "Ancient three" },
    });
    expect((await adjacentArticles(VISITOR, await article(oldest.slug))).previous).toBeNull();
  });

  it("never gives an article published just now itself as its neighbour", async () => {
    // Published at the database's now(), which keeps microseconds a JavaScript Date drops.
    const blog = await publish({ title: "Just now" });
    const neighbours = await adjacentArticles(VISITOR, (await findArticleBySlug(VISITOR, blog.slug))!);
    expect(neighbours.next?.slug).not.toBe(blog.slug);
    expect(neighbours.previous?.slug).not.toBe(blog.slug);
  });

  it("breaks a tie in publication time by title, the same order the list uses", async () => {
    const twinA = await publish({ title: "Twin A", datePublished: "1980-05-05T00:00:00Z" });
    const twinB = await publish({ title: "Twin B", datePublished: "1980-05-05T00:00:00Z" });
    const neighbours = await adjacentArticles(VISITOR, (await findArticleBySlug(VISITOR, twinA.slug))!);
    // Newest first, then by title: Twin A is listed before Twin B, so Twin B is the older neighbour.
    expect(neighbours.previous?.slug).toBe(twinB.slug);
  });
});

describe("the feed", () => {
  it("is RSS 2.0 with the site's absolute links and the newest article first", async () => {
    const blog = await publish({ title: "Fresh & <new>", datePublished: new Date(Date.now() + 60_000).toISOString() });
    const { response } = await call(feed, { url: "/readblogs/feed.xml" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    const firstItem = xml.slice(xml.indexOf("<item>"));
    expect(firstItem).toMatch(new RegExp(`^<item>\\s*<title>Fresh &amp; &lt;new&gt;</title>\\s*<link>${config.appUrl}/readblogs/${blog.slug}</link>`));
  });

  it("stays in English for a reader of the Hindi site: one feed, the articles as written", async () => {
    const { response } = await call(feed, { url: "/readblogs/feed.xml?lang=hi", headers: { cookie: "NEXT_LOCALE=hi", "accept-language": "hi-IN" } });
    const channel = (await response.text()).split("<item>")[0];
    expect(channel).toContain("<title>Olympiad blog</title>");
    expect(channel).toContain("<description>Articles from Olympiad on learning, quizzes and olympiads.</description>");
  });
});
