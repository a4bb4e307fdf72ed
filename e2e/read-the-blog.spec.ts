import { expect, test, type Page } from "@playwright/test";

const articleList = (page: Page) => page.getByRole("complementary", { name: "All articles" });
const listTitles = (page: Page) => articleList(page).getByRole("heading", { level: 3 });

test.describe("the blog reader", () => {
  test("opens the first article when none is named, keeping the query", async ({ page, request }) => {
    const redirect = await request.get("/readblogs?sort=title", { maxRedirects: 0 });
    expect(redirect.status()).toBe(307);
    expect(redirect.headers().location).toMatch(/\/readblogs\/[a-z0-9-]+\?sort=title$/);

    await page.goto("/readblogs");
    await expect(page).toHaveURL(/\/readblogs\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
    await expect(page.getByRole("article")).toBeVisible();
  });

  test("pages through the list with the page numbers", async ({ page }) => {
    await page.goto("/readblogs");
    await expect(listTitles(page)).toHaveCount(4);
    const firstPage = await listTitles(page).allTextContents();

    const pages = articleList(page).getByRole("navigation", { name: "Article pages" });
    await pages.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    const secondPage = await listTitles(page).allTextContents();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);
    await expect(pages.getByRole("link", { name: "Previous" })).toBeVisible();
  });

  test("sorts the list by title", async ({ page }) => {
    await page.goto("/readblogs");
    await articleList(page).getByLabel("Sort by").selectOption("title");
    await articleList(page).getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]sort=title/);
    await expect(listTitles(page)).toHaveCount(4);
    const titles = await listTitles(page).allTextContents();
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
  });

  test("filters the list by category", async ({ page }) => {
    await page.goto("/readblogs");
    await articleList(page).getByLabel("Category").selectOption("education");
    await articleList(page).getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]category=education/);
    const items = articleList(page).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(items.first()).toBeVisible();
    for (const item of await items.all()) {
      await expect(item).toContainText("Category: education");
    }
  });

  test("choosing an article updates the address and scrolls to it", async ({ page }) => {
    await page.goto("/readblogs?sort=title");
    await expect(page).toHaveURL(/\?sort=title$/);
    const other = listTitles(page).getByRole("link").and(page.locator(":not([aria-current])")).last();
    const title = (await other.textContent())!;
    await other.click();
    await expect(page).toHaveURL(/\/readblogs\/[a-z0-9-]+\?sort=title#article$/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(title);
    await expect(heading).toBeInViewport();
  });

  test("serves an article's title, canonical link, sharing tags and JSON-LD in the server HTML", async ({ request, baseURL }) => {
    const redirect = await request.get("/readblogs", { maxRedirects: 0 });
    const path = new URL(redirect.headers().location, baseURL).pathname;
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();

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
