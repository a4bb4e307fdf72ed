import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { withDatabase } from "./support/exam-db";

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
    await page.evaluate(() => {
      const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: "accepted" }),
      });
      window.dispatchEvent(offer);
    });
    await expect(install).toBeVisible();
    await install.click();
    await expect(install).toHaveCount(0);
  });

  test("a participant turns on notifications, the browser subscribes, and a push is shown", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["notifications"]);
    // A real push service is out of reach here, so subscribing returns a subscription of its own.
    await page.addInitScript(() => {
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async () =>
        ({ toJSON: () => ({ endpoint: "https://push.example.test/olympiad-e2e", keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) } }) }) as unknown as PushSubscription;
    });
    const { id } = await signUp(page.request);
    await page.goto("/notification");
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
    await page.getByRole("button", { name: "Turn on notifications" }).click();
    await expect(page.getByText("Notifications are on for this device.")).toBeVisible();
    const stored = await withDatabase((client) => client.query("select endpoint from push_subscriptions where user_id = $1", [id]));
    expect(stored.rows).toEqual([{ endpoint: "https://push.example.test/olympiad-e2e" }]);

    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((registration: { scopeURL: string }) => registration.scopeURL.startsWith(baseURL!));
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send("ServiceWorker.enable");
    const registrationId = await registered;
    const shownTitles = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => shown.title));
    // A push delivered while the worker is still starting up can be dropped, so it is re-sent until shown.
    await expect
      .poll(
        async () => {
          await cdp.send("ServiceWorker.deliverPushMessage", {
            origin: new URL(baseURL!).origin,
            registrationId,
            data: JSON.stringify({ title: "Results are out", body: "See the winners", url: "/winnerleaderboard" }),
          });
          await page.waitForTimeout(500);
          return shownTitles();
        },
        { timeout: 20_000 },
      )
      .toContain("Results are out");
  });
});
