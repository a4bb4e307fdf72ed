import { expect, test } from "@playwright/test";

test.describe("for search engines", () => {
  test("sitemap.xml lists the blog index, its category pages and the articles, and robots.txt points to it", async ({ request, baseURL }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseURL}/demoquiz</loc>`);
    expect(sitemap).toMatch(new RegExp(`<loc>${baseURL}/readblogs/[a-z0-9-]+</loc>\\s*<lastmod>`));
    expect(sitemap).toContain(`<loc>${baseURL}/readblogs</loc>`);
    // A page in both languages names its other-language address (xhtml:link) before its date.
    expect(sitemap).toMatch(new RegExp(`<loc>${baseURL}/readblogs/category/education</loc>(\\s*<xhtml:link [^>]+/>)*\\s*<lastmod>`));
    expect(sitemap).toContain(`<loc>${baseURL}/readblogs/category/education?lang=hi</loc>`);

    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots).toContain("Disallow: /adminpanel");
  });

  test("sitemap.xml lists each public page in English and in Hindi, each naming the other", async ({ request, baseURL }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const entryOf = (loc: string) => sitemap.split("<url>").find((entry) => entry.includes(`<loc>${loc}</loc>`)) ?? "";
    const alternate = (hreflang: string, href: string) => new RegExp(`<xhtml:link\\s+rel="alternate"\\s+hreflang="${hreflang}"\\s+href="${href.replace(/[?.]/g, "\\$&")}"`);
    for (const path of ["/contactus", "/winnerleaderboard", "/login"]) {
      for (const loc of [`${baseURL}${path}`, `${baseURL}${path}?lang=hi`]) {
        const entry = entryOf(loc);
        expect(entry, loc).toMatch(alternate("en-IN", `${baseURL}${path}`));
        expect(entry, loc).toMatch(alternate("hi-IN", `${baseURL}${path}?lang=hi`));
      }
    }
  });
});
