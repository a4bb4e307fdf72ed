import { expect, test } from "@playwright/test";

test.describe("the shell", () => {
  test("shows the start loader for about a second", async ({ page }) => {
    const started = Date.now();
    await page.goto("/tnc", { waitUntil: "domcontentloaded" });
    const loader = page.getByTestId("start-loader");
    await expect(loader).toBeVisible();
    await expect(loader).toHaveCount(0, { timeout: 3_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  for (const [width, zoom] of [[1280, 1], [320, 1], [320, 2]] as const) {
    test(`back-to-top covers none of the footer's links at the end of the page, ${width} px wide, ${zoom * 100} % text`, async ({ page }) => {
      await page.setViewportSize({ width, height: 600 });
      await page.goto("/tnc");
      if (zoom !== 1) await page.addStyleTag({ content: `html { font-size: ${zoom * 100}% }` });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const backToTop = page.getByRole("button", { name: /Back to top/ });
      await expect(backToTop).toBeVisible();
      const button = (await backToTop.boundingBox())!;
      const links = page.getByRole("contentinfo").getByRole("link");
      await expect(links.filter({ hasText: "Contact Us" })).toBeInViewport();
      for (const link of await links.all()) {
        const box = (await link.boundingBox())!;
        const apart = box.x + box.width <= button.x || button.x + button.width <= box.x || box.y + box.height <= button.y || button.y + button.height <= box.y;
        expect(apart, `${await link.textContent()} is under the button`).toBe(true);
      }
    });
  }

  test("shows back-to-top after 300 px of scroll and takes the page back up", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto("/tnc");
    const backToTop = page.getByRole("button", { name: /Back to top/ });
    await expect(backToTop).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForTimeout(200);
    await expect(backToTop).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(backToTop).toBeVisible();
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(backToTop).toHaveCount(0);
  });

  test("on a 375 px phone, the offcanvas menu has every link and closes with Escape", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/prizelisting");
    await expect(page.getByRole("link", { name: "Read Blogs" })).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("dialog", { name: "Olympiad menu" });
    await expect(menu).toBeVisible();
    for (const name of ["Home", "Winners", "Prize", "Read Blogs", "T&C", "Privacy policy", "Contact Us", "Login/signup"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await menu.getByRole("link", { name: "Privacy policy" }).click();
    await expect(page).toHaveURL(/\/privacypolicy$/);
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });

  test("on a desktop, the navbar shows the main links and the footer its copyright", async ({ page }) => {
    await page.goto("/prizelisting");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Winners", "Prize", "Read Blogs", "Login/signup"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} Olympiad`);
  });

  test("the home page clears exam data older than 30 minutes, and keeps recent data", async ({ page }) => {
    await page.goto("/tnc");
    await page.evaluate(() => {
      const now = Date.now();
      localStorage.setItem("examLogs_old_p", JSON.stringify({ timestamp: now - 31 * 60 * 1000, events: [] }));
      localStorage.setItem("quizProgress_old_p", "{}");
      localStorage.setItem("examLogs_fresh_p", JSON.stringify({ timestamp: now, events: [] }));
      localStorage.setItem("quizProgress_fresh_p", "{}");
    });
    await page.goto("/");
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes("_p")).sort()))
      .toEqual(["examLogs_fresh_p", "quizProgress_fresh_p"]);
  });

  test("the navbar hides while scrolling down and comes back when scrolling up", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto("/tnc");
    const navbar = page.getByTestId("navbar");
    const top = () => navbar.evaluate((element) => element.getBoundingClientRect().bottom);
    await expect.poll(top).toBeGreaterThan(0);
    await page.mouse.wheel(0, 600);
    await expect.poll(top).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -200);
    await expect.poll(top).toBeGreaterThan(0);
  });

  test("with no live chat configured, pages make no third-party request", async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith("http") && url.origin !== new URL(baseURL!).origin) foreign.push(request.url());
    });
    for (const path of ["/", "/prizelisting", "/demoquiz"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(foreign).toEqual([]);
  });
});
