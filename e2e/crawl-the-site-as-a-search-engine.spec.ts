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
});
