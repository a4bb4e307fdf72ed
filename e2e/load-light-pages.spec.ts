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

/**
 * The compressed size of every script the page loads on a first visit (as gzip at its default
 * level sends it), each named for the failure message. The page must be fresh, in a browser
 * context of its own: a script an earlier page fetched late (its service worker's registration,
 * on idle) is then never counted against this one.
 */
async function scriptKilobytes(page: Page, path: string): Promise<{ kilobytes: number; scripts: string }> {
  const scripts: Promise<[string, number]>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.body().then((body) => [response.url(), gzipSync(body).length]));
  });
  await page.goto(path, { waitUntil: "load" });
  const sizes = await Promise.all(scripts);
  return {
    kilobytes: sizes.reduce((sum, [, size]) => sum + size, 0) / 1024,
    scripts: sizes.map(([url, size]) => `${new URL(url).pathname} ${(size / 1024).toFixed(1)} KB`).join(", "),
  };
}

test.describe("light pages", () => {
  test("each content page loads at most its budget of JavaScript, with no translator in it", async ({ browser, request, baseURL }) => {
    const article = (await (await request.get("/sitemap.xml")).text()).match(/<loc>[^<]*(\/readblogs\/(?!category\/)[a-z0-9-]+)<\/loc>/)![1];
    for (const path of ["/", "/readblogs", article, "/readblogs/category/education", "/winnerleaderboard", "/prizelisting", "/quizeslist", "/tnc", "/privacypolicy"]) {
      const context = await browser.newContext({ baseURL });
      const { kilobytes, scripts } = await scriptKilobytes(await context.newPage(), path);
      await context.close();
      expect(kilobytes, `${path}: ${scripts}`).toBeLessThanOrEqual(CONTENT_PAGE_KB);
      // next-intl's provider would carry the catalogue in the page's payload: a text only forms ever show.
      expect(await (await request.get(path)).text(), path).not.toContain("Too many failed login attempts");
    }
  });

  test("the dashboard loads at most its budget", async ({ page }) => {
    await signUp(page.request);
    const { kilobytes, scripts } = await scriptKilobytes(page, "/dashboard");
    expect(kilobytes, scripts).toBeLessThanOrEqual(DASHBOARD_KB);
  });
});
