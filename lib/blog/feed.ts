/** The blog's RSS 2.0 feed, built from plain values so it can be checked without a database. */

export interface FeedItem {
  title: string;
  /** Site-relative or absolute; made absolute against the site's address. */
  path: string;
  description: string;
  author: string;
  category: string;
  publishedAt: Date;
  updatedAt: Date;
}

export interface FeedChannel {
  /** The public address of the site, e.g. https://olympiad.example (no trailing slash needed). */
  siteUrl: string;
  title: string;
  description: string;
  /** The blog's own page and the feed's own address, both site-relative. */
  blogPath: string;
  feedPath: string;
  items: readonly FeedItem[];
}

export const FEED_CONTENT_TYPE = "application/rss+xml; charset=utf-8";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/**
 * Admin-written text in XML: the five special characters escaped, and characters XML 1.0
 * forbids (control characters, lone surrogates) dropped, so one odd paste cannot make the
 * whole feed unreadable to every reader.
 */
export function escapeXml(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);
}

function absolute(path: string, siteUrl: string): string {
  return new URL(path, siteUrl).href;
}

/** RSS wants RFC 822 dates; toUTCString gives exactly that form ("Thu, 26 Nov 2026 12:00:00 GMT"). */
function rfc822(date: Date): string {
  return date.toUTCString();
}

export function buildRssFeed(channel: FeedChannel): string {
  const blogUrl = absolute(channel.blogPath, channel.siteUrl);
  const feedUrl = absolute(channel.feedPath, channel.siteUrl);
  const newest = channel.items.reduce<Date | null>((latest, item) => (latest && latest >= item.updatedAt ? latest : item.updatedAt), null);
  const items = channel.items.map((item) => {
    const link = escapeXml(absolute(item.path, channel.siteUrl));
    return [
      "    <item>",
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <description>${escapeXml(item.description)}</description>`,
      `      <dc:creator>${escapeXml(item.author)}</dc:creator>`,
      `      <category>${escapeXml(item.category)}</category>`,
      `      <pubDate>${rfc822(item.publishedAt)}</pubDate>`,
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    "    <language>en-IN</language>",
    `    <atom:link href="${escapeXml(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
