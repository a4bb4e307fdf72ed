import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./support/accounts";

/*
 * Byte budgets, which do not depend on how busy the machine is (Lighthouse's timings do): the
 * compressed JavaScript a page loads. React and Next's router are about 140 KB of every page; the
 * content pages add almost nothing to them (no translator, no catalogue, no next/image component:
 * an article's cover is a plain <img> with its sizes), and the dashboard its cards' few controls and next-intl, its payment modal coming
 * only when Pay is reached for.
 */
const CONTENT_PAGE_KB = 150;
const DASHBOARD_KB = 165;

/** The compressed size of every script the page loaded (as gzip at its default level sends it). */
async function scriptKilobytes(page: Page, path: string): Promise<number> {
  const scripts: Promise<number>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.body().then((body) => gzipSync(body).length));
  });
  await page.goto(path, { waitUntil: "load" });
  return (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0) / 1024;
}

test.describe("light pages", () => {
  test("each content page loads at most its budget of JavaScript, with no translator in it", async ({ page }) => {
    const article = (await (await page.request.get("/sitemap.xml")).text()).match(/<loc>[^<]*(\/readblogs\/(?!category\/)[a-z0-9-]+)<\/loc>/)![1];
    for (const path of ["/", "/readblogs", article, "/readblogs/category/education", "/winnerleaderboard", "/prizelisting", "/quizeslist", "/tnc", "/privacypolicy"]) {
      expect(await scriptKilobytes(page, path), path).toBeLessThanOrEqual(CONTENT_PAGE_KB);
      // next-intl's provider would carry the catalogue in the page's payload: a text only forms ever show.
      expect(await page.content(), path).not.toContain("Too many failed login attempts");
    }
  });

  test("the dashboard loads at most its budget", async ({ page }) => {
    await signUp(page.request);
    expect(await scriptKilobytes(page, "/dashboard")).toBeLessThanOrEqual(DASHBOARD_KB);
  });
});
