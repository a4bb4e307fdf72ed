import { expect, test } from "@playwright/test";

test.describe("the installable app", () => {
  test("registers a service worker that shows the offline page when the network is gone", async ({ page, context }) => {
    await page.goto("/prizelisting");
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe("activated");
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    await page.goto("/tnc").catch(() => undefined);
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await context.setOffline(false);
  });

  test("publishes a manifest with the brand and installable icons", async ({ request }) => {
    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({ short_name: "Olympiad", display: "standalone", start_url: "/" });
    expect(manifest.icons).toEqual(expect.arrayContaining([expect.objectContaining({ sizes: "512x512", type: "image/png" })]));
    for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true);
  });

  test("shows the install button only when the browser offers installation", async ({ page }) => {
    await page.goto("/prizelisting");
    const install = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Install app" });
    await expect(install).toHaveCount(0);
    // The browser's offer, as Chrome makes it; made again until the page's script listens (it may still be loading).
    await expect(async () => {
      await page.evaluate(() => {
        const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
          prompt: async () => undefined,
          userChoice: Promise.resolve({ outcome: "accepted" }),
        });
        window.dispatchEvent(offer);
      });
      await expect(install).toBeVisible({ timeout: 500 });
    }).toPass();
    await install.click();
    await expect(install).toHaveCount(0);
  });
});
