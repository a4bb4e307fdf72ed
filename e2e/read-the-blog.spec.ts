import { expect, test, type Page } from "@playwright/test";

const indexList = (page: Page) => page.getByRole("region", { name: "All articles" });
const articleList = (page: Page) => page.getByRole("complementary", { name: "All articles" });
const titlesIn = (list: ReturnType<typeof indexList>) => list.getByRole("heading", { level: 3 });

/** The server's HTML as a crawler gets it: no JavaScript, no redirects followed. */
async function serverHtml(request: Parameters<Parameters<typeof test>[2]>[0]["request"], path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  return response.text();
}

function articleLinks(html: string): string[] {
  return [...html.matchAll(/<h3[^>]*><a[^>]*href="(\/readblogs\/[a-z0-9-]+)[^"]*"/g)].map((match) => match[1]);
}

function feedAlternate(html: string, baseURL: string | undefined) {
  expect(html).toContain(`<link rel="alternate" type="application/rss+xml" href="${baseURL}/readblogs/feed.xml" title="Olympiad blog"/>`);
}

test.describe("the blog to browse, as a search engine sees it", () => {
  test("the index is a page of its own: title, canonical, feed link, four newest articles and category links", async ({ request, baseURL }) => {
    const html = await serverHtml(request, "/readblogs");
    expect(html).toContain("<title>Read blogs | Olympiad</title>");
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/readblogs"/>`);
    feedAlternate(html, baseURL);
    expect(html).toContain('href="/readblogs/feed.xml"');
    expect(html).toMatch(/<h1[^>]*>Read blogs<\/h1>/);
    expect(articleLinks(html)).toHaveLength(4);
    expect(html).toContain('href="/readblogs/category/education"');

    // Newest first: the dates down the page never go up.
    const dates = [...html.matchAll(/<h3.*?<time datetime="([^"]+)"/gis)].map((match) => Date.parse(match[1]));
    expect(dates).toHaveLength(4);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  test("the second page has its own articles and canonical, and a page past the end is 404", async ({ request, baseURL }) => {
    const first = articleLinks(await serverHtml(request, "/readblogs"));
    const html = await serverHtml(request, "/readblogs?page=2");
    expect(html).toContain("<title>Read blogs, page 2 | Olympiad</title>");
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/readblogs?page=2"/>`);
    const second = articleLinks(html);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((link) => first.includes(link))).toEqual([]);
    expect((await request.get("/readblogs?page=999")).status()).toBe(404);
  });

  test("an old ?category= address moves for good to the category's page", async ({ request }) => {
    const moved = await request.get("/readblogs?category=education&sort=title", { maxRedirects: 0 });
    expect(moved.status()).toBe(308);
    expect(moved.headers().location).toBe("/readblogs/category/education?sort=title");
  });

  test("a category page has its own title, description, canonical and only its articles", async ({ request, baseURL }) => {
    const html = await serverHtml(request, "/readblogs/category/education");
    expect(html).toContain("<title>Read blogs: education | Olympiad</title>");
    expect(html).toContain('<meta name="description" content="Articles from Olympiad in the education category, newest first."/>');
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/readblogs/category/education"/>`);
    feedAlternate(html, baseURL);
    const links = articleLinks(html);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(await serverHtml(request, link)).toContain('"articleSection":"education"');
    }
    expect((await request.get("/readblogs/category/no-such-category")).status()).toBe(404);
  });

  test("the feed is RSS 2.0 with absolute links to the newest articles", async ({ request, baseURL }) => {
    const response = await request.get("/readblogs/feed.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain(`<link>${baseURL}/readblogs</link>`);
    expect(xml).toContain(`<atom:link href="${baseURL}/readblogs/feed.xml" rel="self" type="application/rss+xml"/>`);
    const items = [...xml.matchAll(/<item>\s*<title>[^<]*<\/title>\s*<link>([^<]+)<\/link>/g)].map((match) => match[1]);
    const newest = articleLinks(await serverHtml(request, "/readblogs"));
    expect(items.slice(0, newest.length)).toEqual(newest.map((path) => `${baseURL}${path}`));
  });

  test("an article gives reading time, last-updated date, previous and next links and its feed in the server HTML", async ({ request, baseURL }) => {
    const [newest, older] = articleLinks(await serverHtml(request, "/readblogs"));
    const html = await serverHtml(request, older);
    expect(html).toMatch(/<span data-testid="reading-time">\d+ min read<\/span>/);
    expect(html).toMatch(/Last updated <time datetime="[^"]+">\d{2} [A-Z][a-z]{2} \d{4}<\/time>/i);
    expect(html).toMatch(new RegExp(`<a rel="next"[^>]*href="${newest}"|<a[^>]*href="${newest}"[^>]*rel="next"`));
    expect(html).toMatch(/<a[^>]*rel="prev"|<a rel="prev"/);
    feedAlternate(html, baseURL);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${older}"/>`);
  });
});

test.describe("the blog reader", () => {
  test("the index lists the newest articles, with the feed linked", async ({ page }) => {
    await page.goto("/readblogs");
    await expect(page).toHaveURL(/\/readblogs$/);
    await expect(page.getByRole("heading", { level: 1, name: "Read blogs" })).toBeVisible();
    await expect(titlesIn(indexList(page))).toHaveCount(4);
    await expect(page.getByRole("link", { name: "RSS feed" })).toHaveAttribute("href", "/readblogs/feed.xml");
  });

  test("pages through the list with the page numbers", async ({ page }) => {
    await page.goto("/readblogs");
    await expect(titlesIn(indexList(page))).toHaveCount(4);
    const firstPage = await titlesIn(indexList(page)).allTextContents();

    const pages = indexList(page).getByRole("navigation", { name: "Article pages" });
    await pages.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    const secondPage = await titlesIn(indexList(page)).allTextContents();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);
    await expect(pages.getByRole("link", { name: "Previous" })).toBeVisible();
  });

  test("sorts the list by title", async ({ page }) => {
    await page.goto("/readblogs");
    await indexList(page).getByLabel("Sort by").selectOption("title");
    await indexList(page).getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]sort=title/);
    await expect(titlesIn(indexList(page))).toHaveCount(4);
    const titles = await titlesIn(indexList(page)).allTextContents();
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
  });

  test("filters by category with a link to the category's page", async ({ page }) => {
    await page.goto("/readblogs");
    await indexList(page).getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Articles in education", exact: true }).click();
    await expect(page).toHaveURL(/\/readblogs\/category\/education$/);
    await expect(page.getByRole("heading", { level: 1, name: "Read blogs: education" })).toBeVisible();
    // Named for what it leads to, not by the category's bare name ("information" alone says nothing).
    await expect(indexList(page).getByRole("link", { name: "Articles in education", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(indexList(page).getByRole("link", { name: "Articles in education", exact: true })).toHaveText("Articles in education");
    const items = indexList(page).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(items.first()).toBeVisible();
    for (const item of await items.all()) {
      await expect(item).toContainText("Category: education");
    }
  });

  test("choosing an article updates the address and scrolls to it", async ({ page }) => {
    await page.goto("/readblogs?sort=title");
    const other = titlesIn(indexList(page)).getByRole("link").last();
    const title = (await other.textContent())!;
    await other.click();
    await expect(page).toHaveURL(/\/readblogs\/[a-z0-9-]+\?sort=title#article$/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(title);
    await expect(heading).toBeInViewport();
    // The list under the article keeps the order it was chosen from.
    await expect(articleList(page).getByRole("link", { name: title, exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("moves to the previous and next article, showing each one's reading time", async ({ page }) => {
    await page.goto("/readblogs");
    const [newest, older] = await titlesIn(indexList(page)).allTextContents();
    await titlesIn(indexList(page)).getByRole("link", { name: newest, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest);
    await expect(page.getByTestId("reading-time")).toHaveText(/^\d+ min read$/);
    const neighbours = page.getByRole("navigation", { name: "Previous and next articles" });
    await expect(neighbours.getByRole("link", { name: /^Next article/ })).toHaveCount(0);

    const previous = neighbours.getByRole("link", { name: /^Previous article/ });
    await expect(previous).toContainText(older);
    await previous.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(older);
    await expect(page.getByText(/^Last updated \d{2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
    const next = neighbours.getByRole("link", { name: /^Next article/ });
    await expect(next).toContainText(newest);
    await next.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest);
  });

  test("serves an article's title, canonical link, sharing tags and JSON-LD in the server HTML", async ({ request, baseURL }) => {
    const [path] = articleLinks(await serverHtml(request, "/readblogs"));
    const html = await serverHtml(request, path);

    const title = html.match(/<h1[^>]*>(.*?)<\/h1>/)?.[1];
    expect(title).toBeTruthy();
    expect(html).toContain(`<title>${title} | Olympiad</title>`);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${path}"/>`);
    expect(html).toContain(`<meta property="og:title" content="${title}"/>`);
    expect(html).toContain(`<meta property="og:type" content="article"/>`);
    expect(html).toContain(`<meta name="twitter:card" content="summary_large_image"/>`);

    const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(jsonLd!)).toMatchObject({
      "@type": "Article",
      headline: title,
      author: { "@type": "Person" },
      publisher: { "@type": "Organization", name: "Olympiad" },
      mainEntityOfPage: { "@id": `${baseURL}${path}` },
    });
  });

  test("answers 404 for an unknown article", async ({ request }) => {
    expect((await request.get("/readblogs/no-such-article")).status()).toBe(404);
  });
});

test.describe("the blog in Hindi, as the server sends it", () => {
  /** The page's canonical address in Hindi, and its address in each language as hreflang alternates. */
  function expectAlternates(html: string, baseURL: string | undefined, path: string) {
    const hindi = `${path}${path.includes("?") ? "&" : "?"}lang=hi`;
    const href = (address: string) => `href="${baseURL}${address.replace(/&/g, "&amp;")}"`;
    expect(html).toContain(`<link rel="canonical" ${href(hindi)}/>`);
    for (const [code, address] of [["en-IN", path], ["hi-IN", hindi], ["x-default", path]]) {
      expect(html.toLowerCase()).toContain(`<link rel="alternate" hreflang="${code}" ${href(address)}/>`.toLowerCase());
    }
  }

  test("the index: Hindi title, description, chrome and dates, with hreflang alternates", async ({ request, baseURL }) => {
    const html = await serverHtml(request, "/readblogs?lang=hi");
    expect(html).toContain('<html lang="hi-IN"');
    expect(html).toContain("<title>ब्लॉग पढ़ें | Olympiad</title>");
    expect(html).toContain('<meta name="description" content="Olympiad के लेख: पढ़ाई, क्विज़ और ओलंपियाड पर।"/>');
    expectAlternates(html, baseURL, "/readblogs");
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml" href="${baseURL}/readblogs/feed.xml" title="Olympiad ब्लॉग"/>`);
    expect(html).toMatch(/<h1[^>]*>ब्लॉग पढ़ें<\/h1>/);
    expect(articleLinks(html)).toHaveLength(4);

    // Reading time, categories, sorting, pages, the sidebars and the feed, all in Hindi.
    expect(html.match(/<span>\d+ मिनट में पढ़ें<\/span>/g)).toHaveLength(4);
    expect(html).toContain(">सभी लेख</h2>");
    expect(html).toContain('<nav aria-label="श्रेणियाँ"');
    expect(html).toContain(">सभी श्रेणियाँ</a>");
    expect(html).toMatch(/<label for="blog-sort"[^>]*>क्रम<\/label>/);
    expect(html).toMatch(/<option value="latest"[^>]*>नवीनतम पहले<\/option><option value="title"[^>]*>शीर्षक के अनुसार<\/option>/);
    expect(html).toContain(">लागू करें</button>");
    expect(html).toContain('<nav aria-label="लेखों के पृष्ठ"');
    expect(html).toContain('aria-label="पृष्ठ 2"');
    expect(html).toMatch(/rel="next"[^>]*>अगला<\/a>/);
    expect(html).toContain(">हाल के लेख</h2>");
    expect(html).toContain(">लोकप्रिय लेख</h2>");
    expect(html).toMatch(/hrefLang="en"[^>]*>.*RSS फ़ीड<\/a>/is);
    expect(html).toContain('<span class="sr-only">श्रेणी: </span>');
    // SPEC's categories named in Hindi, on the filter's links and on each article.
    expect(html).toContain('शिक्षा<span class="sr-only"> श्रेणी के लेख</span>');
    expect(html).not.toMatch(/>(education|information|quiz|result|winner)</);
    // Dates in the Indian order with Hindi month names.
    const dates = [...html.matchAll(/<time dateTime="[^"]+">([^<]+)<\/time>/g)].map((match) => match[1]);
    expect(dates.length).toBeGreaterThan(4);
    for (const date of dates) expect(date).toMatch(/^\d{2} [\u0900-\u097F]+॰? \d{4}$/);
    for (const english of ["Read blogs", "min read", "All articles", "Sort by", "Recent posts", "Popular posts", "RSS feed", ">Next<"]) {
      expect(html, english).not.toContain(english);
    }
  });

  test("the second page and a category page have their own Hindi titles and addresses in both languages", async ({ request, baseURL }) => {
    const second = await serverHtml(request, "/readblogs?page=2&lang=hi");
    expect(second).toContain("<title>ब्लॉग पढ़ें, पृष्ठ 2 | Olympiad</title>");
    expectAlternates(second, baseURL, "/readblogs?page=2");
    expect(second).toMatch(/rel="prev"[^>]*>पिछला<\/a>/);

    const category = await serverHtml(request, "/readblogs/category/education?lang=hi");
    expect(category).toContain('<html lang="hi-IN"');
    expect(category).toContain("<title>ब्लॉग पढ़ें: शिक्षा | Olympiad</title>");
    expect(category).toContain('<meta name="description" content="Olympiad की शिक्षा श्रेणी के लेख, नवीनतम पहले।"/>');
    expectAlternates(category, baseURL, "/readblogs/category/education");
    expect(category).toMatch(/<h1[^>]*>ब्लॉग पढ़ें: शिक्षा<\/h1>/);
    expect(category).toMatch(/<span>\d+ मिनट में पढ़ें<\/span>/);
    expect(category).toMatch(/<label for="blog-sort"[^>]*>क्रम<\/label>/);
    expect(category).not.toContain("min read");
  });

  test("an article keeps its own words and address, with the page around it in Hindi", async ({ request, baseURL }) => {
    const [newest, older] = articleLinks(await serverHtml(request, "/readblogs"));
    const html = await serverHtml(request, `${older}?lang=hi`);
    expect(html).toContain('<html lang="hi-IN"');
    expect(html).toMatch(/<span data-testid="reading-time">\d+ मिनट में पढ़ें<\/span>/);
    expect(html).toMatch(/अंतिम अपडेट: <time dateTime="[^"]+">\d{2} [\u0900-\u097F]+॰? \d{4}<\/time>/);
    expect(html).toContain('<nav aria-label="पिछला और अगला लेख"');
    expect(html).toMatch(new RegExp(`href="${newest}"[^>]*><span[^>]*>अगला लेख</span>`));
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${older}"/>`);
  });
});
