import { expect, test } from "@playwright/test";

const EXAM_PAGE = "/QuizliveSection?quizId=5eed0000-0000-4000-8001-000000000002";

function nonceOf(policy: string | undefined): string | undefined {
  return policy?.match(/'nonce-([^']+)'/)?.[1];
}

test.describe("security headers", () => {
  test("public pages, the exam page and the API carry the policies; every page its own nonce, every response its request id", async ({ request }) => {
    const nonces = new Set<string>();
    const pages = ["/", "/readblogs/how-olympiad-works", EXAM_PAGE];
    // The answer save is answered by the front door itself, not by Next (lib/http/front-door.ts): a visitor's is refused there.
    const ANSWER_SAVE = "/api/exam/5eed0000-0000-4000-8001-000000000002/answers";
    for (const path of [...pages, "/api/ping", "/api/getquizes", ANSWER_SAVE]) {
      const response = path === ANSWER_SAVE ? await request.put(path, { data: {} }) : await request.get(path, { maxRedirects: 0 });
      if (path === ANSWER_SAVE) expect(response.status()).toBe(401);
      const headers = response.headers();
      const policy = headers["content-security-policy"];
      expect(policy, path).toContain("frame-ancestors 'none'");
      if (pages.includes(path)) {
        expect(policy, path).toContain("'strict-dynamic'");
        expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        nonces.add(nonceOf(policy)!);
      } else {
        // JSON: nothing in it may run or load anything.
        expect(policy, path).toBe("default-src 'none'; frame-ancestors 'none'");
      }
      expect(headers["x-request-id"], path).toMatch(/^[0-9a-f-]{36}$/);
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["x-powered-by"], path).toBeUndefined();
      // Plain HTTP here: no HSTS (it is meaningless and ignored over HTTP).
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
    expect(nonces.size).toBe(pages.length);
    expect((await request.get("/")).headers()["permissions-policy"]).toBe("camera=(), microphone=(), display-capture=(), geolocation=(), fullscreen=(self)");
    const exam = await request.get(EXAM_PAGE, { maxRedirects: 0 });
    expect(exam.headers()["permissions-policy"]).toBe("camera=(self), microphone=(self), display-capture=(self), geolocation=(), fullscreen=(self)");
  });

  test("the page's own scripts carry the nonce of its policy", async ({ request }) => {
    const response = await request.get("/");
    const nonce = nonceOf(response.headers()["content-security-policy"]);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]).filter((tag) => !tag.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("behind an HTTPS proxy: HSTS, and a request id given by the proxy is kept", async ({ request }) => {
    const response = await request.get("/", { headers: { "x-forwarded-proto": "https", "x-request-id": "nginx-4f1c2a9e7b" } });
    expect(response.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(response.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");
    expect(response.headers()["x-request-id"]).toBe("nginx-4f1c2a9e7b");
  });

  test("an inline script without the nonce is blocked while the page's own scripts run", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && message.text().includes("Content Security Policy")) violations.push(message.text());
    });
    // The server's real page and headers, with a script an attacker managed to inject.
    await page.route("/prizelisting", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("</body>", "<script>window.injected = true</script></body>");
      await route.fulfill({ response, body: html });
    });
    await page.goto("/prizelisting");
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations[0]).toContain("script-src");
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    // React hydrated (its scripts carry the nonce): the menu button responds.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("dialog", { name: "Olympiad menu" })).toBeVisible();
  });

  test("a cross-site POST to a state-changing call is refused and changes nothing", async ({ request }) => {
    const email = `forged-${Date.now()}@example.test`;
    const forged = await request.post("/api/register", {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      data: { name: "Forged", email, password: "forged-password", dob: "1995-01-01" },
    });
    expect(forged.status()).toBe(403);
    expect(await forged.json()).toEqual({ message: "Cross-site request refused." });
    const login = await request.post("/api/login", { data: { email, password: "forged-password" } });
    expect(login.status()).toBe(401);
  });
});
