import { expect, test } from "@playwright/test";

const PUBLIC_PAGES = [
  { path: "/", heading: /Olympiad: learn, think, win/ },
  { path: "/login", heading: "Login" },
  { path: "/privacypolicy", heading: "Privacy policy" },
  { path: "/tnc", heading: "Terms and conditions" },
  { path: "/contactus", heading: "Contact Us" },
  { path: "/winnerleaderboard", heading: "Winners" },
  { path: "/quizeslist", heading: "Quiz list" },
  { path: "/prizelisting", heading: "Prizes" },
  { path: "/ForgotPasswordForm", heading: "Forgot password" },
  { path: "/ResetPasswordPage?token=abc", heading: "Reset password" },
  { path: "/demoquiz", heading: "Demo Olympiad Quiz" },
  { path: "/unauthorized", heading: "You are not an admin to access this page." },
];

const LOGGED_IN_PAGES = [
  "/dashboard",
  "/quizes/5eed0000-0000-4000-8001-000000000002",
  "/QuizliveSection?quizId=5eed0000-0000-4000-8001-000000000002",
  "/notification",
  "/profiledetails",
  "/walletdetails",
  "/adminpanel",
];

test.describe("a visitor", () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`sees ${path} with its heading`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(/Olympiad/);
    });
  }

  for (const path of LOGGED_IN_PAGES) {
    test(`is sent home from ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === "/");
      await expect(page.getByRole("link", { name: "Register Olympiad" })).toBeVisible();
    });
  }


  test("sees the seeded quizzes' prizes, sponsored prizes in Indian digit grouping and certificates for the paid one, and the usual table new quizzes start from", async ({ page }) => {
    await page.goto("/prizelisting");
    // Other journeys add quizzes of their own to the shared test database.
    const openChallenge = page.getByRole("region", { name: "Olympiad Open Challenge" });
    for (const amount of ["₹5,000", "₹3,000", "₹2,000"]) {
      await expect(openChallenge.getByText(amount, { exact: true })).toBeVisible();
    }
    await expect(openChallenge.getByText("Prize money ₹10,000, 3 winners", { exact: false })).toBeVisible();
    await expect(openChallenge.getByTestId("contest-model")).toHaveText(/^Free entry; prizes sponsored by /);
    // The paid quiz pays no money for its fee.
    const seasonTwo = page.getByRole("region", { name: "Olympiad Season 2" });
    await expect(seasonTwo.getByTestId("contest-model")).toHaveText("Certificates and scholarships; no cash prizes.");
    await expect(seasonTwo.getByText("No prize money", { exact: false })).toBeVisible();
    await expect(seasonTwo.getByText(/₹1,00,000|₹1,76,000/)).toHaveCount(0);
    await expect(page.getByRole("region", { name: "The usual prize table" })).toContainText("A new competition starts from this table");
  });

  test("sees the seeded paid quiz in the quiz list", async ({ page }) => {
    await page.goto("/quizeslist");
    // Other journeys add quizzes of their own to the shared test database.
    const seasonTwo = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Olympiad Season 2" }) });
    await expect(seasonTwo.getByText("₹500", { exact: true })).toBeVisible();
  });
});

test.describe("the legal pages in Hindi", () => {
  test("a ?lang=hi link to the terms gets them in Hindi from the server, with both languages' addresses", async ({ request, baseURL }) => {
    const response = await request.get("/tnc?lang=hi");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="hi-IN"');
    expect(html).toContain("<title>नियम और शर्तें | Olympiad</title>");
    expect(html).toMatch(/<h1[^>]*>नियम और शर्तें<\/h1>/);
    for (const heading of ["पात्रता", "प्रतियोगिता के प्रकार", "प्रवेश शुल्क", "निष्पक्ष खेल", "रैंकिंग और पुरस्कार", "विवाद"]) {
      expect(html).toContain(`<h2>${heading}</h2>`);
    }
    expect(html).toContain("<li><strong>निःशुल्क प्रवेश।</strong> निःशुल्क प्रवेश; पुरस्कार Olympiad द्वारा प्रायोजित।");
    expect(html).toContain("सशुल्क प्रतियोगिता के लिए पंजीकरण शुल्क ₹500 है");
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/tnc?lang=hi"/>`);
    expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="en-IN" href="${baseURL}/tnc"/>`, "i"));
    expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="hi-IN" href="${baseURL}/tnc\\?lang=hi"/>`, "i"));
    expect(html).not.toContain("Terms and conditions");
  });

  test.describe("with a Hindi browser", () => {
    test.use({ locale: "hi-IN" });

    test("the privacy policy is in Hindi, titled and linked to its English version", async ({ page, baseURL }) => {
      await page.goto("/privacypolicy");
      await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
      await expect(page).toHaveTitle("गोपनीयता नीति | Olympiad");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("गोपनीयता नीति");
      await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toHaveText(["हम क्या एकत्र करते हैं", "क्यों", "इसे कौन देख सकता है", "अपना खाता हटाना", "संपर्क"]);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/privacypolicy?lang=hi`);
      await expect(page.locator('link[rel="alternate"][hreflang="en-IN"]')).toHaveAttribute("href", `${baseURL}/privacypolicy`);
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${baseURL}/privacypolicy`);
    });
  });
});
