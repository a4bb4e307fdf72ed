import { readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import english from "@/messages/en";
import hindi from "@/messages/hi";
import { categoryFromSlug, categoryPath, categorySlug } from "./categories";
import { buildRssFeed, escapeXml, type FeedItem } from "./feed";
import { imageSize } from "@/lib/uploads";
import { BLOG_PAGE_SIZE, pageSlice } from "./paging";
import { readingMinutes } from "./reading";

describe("blog paging", () => {
  it("shows 4 articles a page, SPEC §9", () => {
    expect(BLOG_PAGE_SIZE).toBe(4);
    expect(pageSlice(9, 1)).toEqual({ page: 1, pageCount: 3, offset: 0 });
    expect(pageSlice(9, 3)).toEqual({ page: 3, pageCount: 3, offset: 8 });
  });

  it("has one empty first page for no articles", () => {
    expect(pageSlice(0, 1)).toEqual({ page: 1, pageCount: 1, offset: 0 });
  });

  it("refuses pages past the end or malformed instead of showing another page's articles", () => {
    expect(pageSlice(8, 3).page).toBeNull();
    expect(pageSlice(8, 0).page).toBeNull();
    expect(pageSlice(8, 1.5).page).toBeNull();
    expect(pageSlice(8, 2).page).toBe(2);
  });
});

describe("reading time", () => {
  it("counts words at 200 a minute, rounded up", () => {
    expect(readingMinutes(Array.from({ length: 200 }, () => "word").join(" "))).toBe(1);
    expect(readingMinutes(Array.from({ length: 201 }, () => "word").join(" "))).toBe(2);
    expect(readingMinutes(`## Heading\n\n${Array.from({ length: 450 }, () => "**bold**").join(" ")}`)).toBe(3);
  });

  it("is never less than a minute", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("Short.")).toBe(1);
  });

  it("reads as \"N min read\" in English and in Hindi", () => {
    const inEnglish = createTranslator({ locale: "en", messages: english, namespace: "blog" });
    const inHindi = createTranslator({ locale: "hi", messages: hindi, namespace: "blog" });
    expect([1, 2, 12].map((minutes) => inEnglish("readingTime", { minutes }))).toEqual(["1 min read", "2 min read", "12 min read"]);
    expect([1, 2, 12].map((minutes) => inHindi("readingTime", { minutes }))).toEqual(["1 मिनट में पढ़ें", "2 मिनट में पढ़ें", "12 मिनट में पढ़ें"]);
  });
});

describe("blog categories", () => {
  it("gives each category an address of its own and finds it back", () => {
    expect(categorySlug("Olympiad")).toBe("olympiad");
    expect(categorySlug("Board Exams & Results")).toBe("board-exams-results");
    expect(categoryPath("education")).toBe("/readblogs/category/education");
    expect(categoryFromSlug("olympiad", ["Olympiad", "education"])).toBe("Olympiad");
    expect(categoryFromSlug("nothing", ["Olympiad", "education"])).toBeNull();
  });
});

describe("the RSS feed", () => {
  const item: FeedItem = {
    title: 'Tips & tricks: <score> "more"',
    path: "/readblogs/tips-tricks",
    description: "Less < more & so on",
    author: "Ananya Rao",
    category: "education",
    publishedAt: new Date("2026-11-20T04:30:00Z"),
    updatedAt: new Date("2026-11-22T10:00:00Z"),
  };
  const feed = buildRssFeed({
    siteUrl: "https://olympiad.example",
    title: "Olympiad blog",
    description: "Articles",
    blogPath: "/readblogs",
    feedPath: "/readblogs/feed.xml",
    items: [item, { ...item, title: "Older", path: "/readblogs/older", updatedAt: new Date("2026-11-01T00:00:00Z") }],
  });

  it("is RSS 2.0 with absolute links from the site's address", () => {
    expect(feed.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(feed).toContain("<link>https://olympiad.example/readblogs</link>");
    expect(feed).toContain('<atom:link href="https://olympiad.example/readblogs/feed.xml" rel="self" type="application/rss+xml"/>');
    expect(feed).toContain("<link>https://olympiad.example/readblogs/tips-tricks</link>");
    expect(feed).toContain('<guid isPermaLink="true">https://olympiad.example/readblogs/tips-tricks</guid>');
  });

  it("escapes admin-written text", () => {
    expect(feed).toContain("<title>Tips &amp; tricks: &lt;score&gt; &quot;more&quot;</title>");
    expect(feed).toContain("<description>Less &lt; more &amp; so on</description>");
    expect(feed).not.toContain("<score>");
  });

  it("dates items in RFC 822 and the channel by its newest change", () => {
    expect(feed).toContain("<pubDate>Fri, 20 Nov 2026 04:30:00 GMT</pubDate>");
    expect(feed).toContain("<lastBuildDate>Sun, 22 Nov 2026 10:00:00 GMT</lastBuildDate>");
    expect(feed.match(/<item>/g)).toHaveLength(2);
  });

  it("drops characters XML cannot carry", () => {
    expect(escapeXml("a\u0000b\u0007c\ud800d")).toBe("abcd");
    expect(escapeXml("नमस्ते 😀")).toBe("नमस्ते 😀");
  });
});

describe("image size from the header", () => {
  it("reads a PNG", () => {
    expect(imageSize(readFileSync(path.join(import.meta.dirname, "../../public/blog/olympiad.png")))).toEqual({ width: 1200, height: 630 });
  });

  it("reads a GIF", () => {
    expect(imageSize(Uint8Array.from([...Buffer.from("GIF89a"), 0x40, 0x01, 0xf0, 0x00, 0, 0]))).toEqual({ width: 320, height: 240 });
  });

  it("reads a JPEG's frame header after its metadata segments", () => {
    const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const dht = [0xff, 0xc4, 0x00, 0x03, 0x00];
    const sof2 = [0xff, 0xc2, 0x00, 0x11, 0x08, 0x02, 0x76, 0x04, 0xb0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    expect(imageSize(Uint8Array.from([0xff, 0xd8, ...app0, ...dht, ...sof2]))).toEqual({ width: 1200, height: 630 });
  });

  it("reads WebP, lossy, lossless and extended", () => {
    const riff = (chunk: string, body: number[]) => Uint8Array.from([...Buffer.from("RIFF"), 0, 0, 0, 0, ...Buffer.from("WEBP"), ...Buffer.from(chunk), 0, 0, 0, 0, ...body, ...new Array(16).fill(0)]);
    expect(imageSize(riff("VP8X", [0, 0, 0, 0, 0xaf, 0x04, 0x00, 0x75, 0x02, 0x00]))).toEqual({ width: 1200, height: 630 });
    expect(imageSize(riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0xb0, 0x04, 0x76, 0x02]))).toEqual({ width: 1200, height: 630 });
    // 1199 | (629 << 14), little-endian.
    const bits = 1199 | (629 << 14);
    expect(imageSize(riff("VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff]))).toEqual({ width: 1200, height: 630 });
  });

  it("gives no size for other files or a cut-off header", () => {
    expect(imageSize(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(imageSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull();
    expect(imageSize(new Uint8Array())).toBeNull();
  });
});
