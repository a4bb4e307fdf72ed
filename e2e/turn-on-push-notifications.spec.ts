import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/chromium";
import { withDatabase } from "./support/exam-db";

// Notifications and push need the full browser: the headless shell has neither.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } });

test.describe("the installable app", () => {
  test("a participant turns on notifications, the browser subscribes, and a push is shown", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["notifications"]);
    // A real push service is out of reach here, so subscribing returns a subscription of its own,
    // shaped like Chrome's (the server takes endpoints on the real push services only).
    await page.addInitScript(() => {
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async () =>
        ({ toJSON: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/olympiad-e2e", keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) } }) }) as unknown as PushSubscription;
    });
    const { id } = await signUp(page.request);
    await page.goto("/notification");
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
    await page.getByRole("button", { name: "Turn on notifications" }).click();
    await expect(page.getByText("Notifications are on for this device.")).toBeVisible();
    const stored = await withDatabase((client) => client.query("select endpoint from push_subscriptions where user_id = $1", [id]));
    expect(stored.rows).toEqual([{ endpoint: "https://fcm.googleapis.com/fcm/send/olympiad-e2e" }]);

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
