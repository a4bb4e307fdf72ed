import { expect, test, type Page } from "@playwright/test";
import { ADMIN, logInThroughForm } from "./support/accounts";
import { demoQuestions } from "../lib/seed/demo-questions";

const questionHeading = (page: Page) => page.getByRole("heading", { name: /^Question \d+ of 10$/ });
const nextButton = (page: Page) => page.getByRole("button", { name: "Next", exact: true });
const articleList = (page: Page) => page.getByRole("complementary", { name: "All articles" });
const listTitles = (page: Page) => articleList(page).getByRole("heading", { level: 3 });

test.describe("the demo quiz", () => {
  test("keeps the current question and the answers across a reload", async ({ page }) => {
    await page.goto("/demoquiz");
    await expect(questionHeading(page)).toHaveText("Question 1 of 10");
    await page.getByRole("radio").nth(1).check();
    await nextButton(page).click();
    await expect(questionHeading(page)).toHaveText("Question 2 of 10");
    await page.getByRole("radio").nth(2).check();

    await page.reload();
    await expect(questionHeading(page)).toHaveText("Question 2 of 10");
    await expect(page.getByRole("radio").nth(2)).toBeChecked();
    await page.getByRole("button", { name: "Question 1, answered" }).click();
    await expect(questionHeading(page)).toHaveText("Question 1 of 10");
    await expect(page.getByRole("radio").nth(1)).toBeChecked();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("quizProgress") ?? "null"))).toMatchObject({
      index: 0,
      answers: [1, 2, null, null, null, null, null, null, null, null],
      ended: false,
      startTime: expect.any(Number),
    });
  });

  test("turns the timer red in the last 5 seconds, ends at zero and restarts", async ({ page }) => {
    await page.clock.install();
    await page.goto("/demoquiz");
    const timer = page.getByRole("timer");
    await expect(questionHeading(page)).toHaveText("Question 1 of 10");
    await expect(timer).not.toHaveClass(/text-red-700/);

    await page.clock.fastForward("04:56");
    await expect(timer).toHaveClass(/text-red-700/);
    await expect(timer).toHaveAccessibleName("Time left, almost up");

    await page.clock.fastForward("00:05");
    await expect(page.getByRole("heading", { name: "Thank you for trying the demo quiz!" })).toBeVisible();
    await expect(page.getByText(/^Your score: \d+ \/ 10$/)).toBeVisible();
    await expect(page.getByText(/^Time taken:/)).toContainText("00:05:0");

    await page.getByRole("button", { name: "Restart" }).click();
    await expect(questionHeading(page)).toHaveText("Question 1 of 10");
    await expect(timer).toContainText(/0[45]:\d\d/);
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
  });

  test("ends with Next on the last question, counting a changed answer once", async ({ page }) => {
    await page.goto("/demoquiz");
    const [first, second] = demoQuestions;
    await page.getByRole("radio").nth(first.correctOptionIndex).check();
    await nextButton(page).click();
    await page.getByRole("radio").nth(second.correctOptionIndex).check();
    await page.getByRole("button", { name: "Question 1, answered" }).click();
    // Right, then wrong: the score goes back down.
    await page.getByRole("radio").nth((first.correctOptionIndex + 1) % 4).check();

    for (let number = 1; number < 10; number++) {
      await expect(questionHeading(page)).toHaveText(`Question ${number} of 10`);
      await nextButton(page).click();
    }
    await expect(questionHeading(page)).toHaveText("Question 10 of 10");
    await nextButton(page).click();
    await expect(page.getByText("Your score: 1 / 10")).toBeVisible();
  });
});

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

test.describe("the contact form", () => {
  const fields = [
    { label: "Name", value: "Priya Sharma", required: "Name is required" },
    { label: "Email", value: "priya@example.test", required: "Email is required" },
    { label: "Subject", value: "Entry fee", required: "Subject is required" },
    { label: "Message", value: "Can I pay from a friend's UPI account?", required: "Message is required" },
  ];

  test("shows each missing field's message under it, then sends and clears the form, and an admin reads it", async ({ page, browser, baseURL }) => {
    await page.goto("/contactus");
    const submit = page.getByRole("button", { name: "Submit" });
    await submit.click();
    for (const field of fields) {
      await expect(page.getByLabel(field.label, { exact: true })).toHaveAccessibleDescription(field.required);
    }

    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await submit.click();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Enter a valid email address");

    for (const field of fields) await page.getByLabel(field.label, { exact: true }).fill(field.value);
    const alerted = new Promise<string>((resolve) => {
      page.once("dialog", async (dialog) => {
        resolve(dialog.message());
        await dialog.accept();
      });
    });
    await submit.click();
    expect(await alerted).toBe("Form submitted successfully!");
    for (const field of fields) {
      await expect(page.getByLabel(field.label, { exact: true })).toHaveValue("");
    }

    // Unlike the spec, the message is kept: an admin reads it in the panel.
    const admin = await browser.newContext({ baseURL });
    const adminPage = await admin.newPage();
    await logInThroughForm(adminPage, ADMIN.email, ADMIN.password);
    await expect(adminPage).toHaveURL(/\/adminpanel$/);
    await adminPage.getByRole("link", { name: "Contact Messages" }).click();
    const messages = adminPage.getByRole("list", { name: "Contact messages, newest first" });
    await expect(messages.getByText("Can I pay from a friend's UPI account?").first()).toBeVisible();
    await admin.close();
  });
});

test.describe("for search engines", () => {
  test("sitemap.xml lists the articles and robots.txt points to it", async ({ request, baseURL }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseURL}/demoquiz</loc>`);
    expect(sitemap).toMatch(new RegExp(`<loc>${baseURL}/readblogs/[a-z0-9-]+</loc>\\s*<lastmod>`));

    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots).toContain("Disallow: /adminpanel");
  });
});
