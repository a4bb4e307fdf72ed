import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./support/accounts";
import { collectConsoleErrors } from "./support/console";
import { createQuiz } from "./support/exam-db";

/** The state of the web fonts that hold Devanagari in the stack of `selector`'s text, once the page's fonts have settled. */
function devanagariFontsOf(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(async (selector) => {
    await document.fonts.ready;
    const stack = getComputedStyle(document.querySelector(selector)!).fontFamily;
    return [...document.fonts].filter((face) => /U\+0*900/i.test(face.unicodeRange) && stack.includes(face.family)).map((face) => face.status);
  }, selector);
}

test.describe("a browser that prefers Hindi", () => {
  test.use({ locale: "hi-IN" });

  test("sees the home page, login and the winners in Hindi, the olympiad's own buttons too", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Olympiad: सीखें, सोचें, जीतें");
    await expect(page.getByText("विद्यार्थियों और सामान्य प्रतिभागियों के लिए ऑनलाइन ओलंपियाड क्विज़", { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "ओलंपियाड के लिए पंजीकरण करें" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("link", { name: "डेमो ओलंपियाड क्विज़ आज़माएँ" })).toHaveAttribute("href", "/demoquiz");
    await expect(page.getByText("Register Olympiad")).toHaveCount(0);

    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("लॉगिन");
    await page.getByRole("main").getByRole("button", { name: "लॉगिन" }).click();
    // The browser's own check of the form, with the server's schema, in Hindi.
    await expect(page.getByLabel("ईमेल")).toHaveAccessibleDescription("मान्य ईमेल पता लिखें।");
    await expect(page.getByLabel("पासवर्ड")).toHaveAccessibleDescription("अपना पासवर्ड लिखें।");
    await page.getByRole("button", { name: "साइन अप" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("साइन अप");
    await expect(page.getByText("भाग लेने के लिए आपकी आयु 18 वर्ष या उससे अधिक होनी चाहिए।")).toBeVisible();

    await page.goto("/winnerleaderboard");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("विजेता");
    await expect(page).toHaveTitle(/^विजेता \| Olympiad/);
  });

  test("a participant's dashboard is Hindi throughout: contest models and tagline too, in the Devanagari web font, with no console error", async ({ page }) => {
    const consoleErrors = await collectConsoleErrors(page);
    await signUp(page.request);
    const paidCash = await createQuiz({ formStart: "-1 day", formEnd: "2 days", examStart: "3 days", examEnd: "4 days", result: "5 days" }, "Hindi e2e");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("डैशबोर्ड");
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: paidCash.title, exact: true }) });
    await expect(card.getByTestId("contest-model")).toHaveText("सशुल्क प्रवेश; शीर्ष रैंक पाने वालों को नकद पुरस्कार।");
    await expect(page.getByText("Paid entry; cash prizes to the top ranks.")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toContainText("Olympiad. सीखें, सोचें, जीतें. सर्वाधिकार सुरक्षित।");
    // This machine has no Devanagari font of its own: without the web font, Hindi would be boxes.
    expect(await devanagariFontsOf(page, "h1")).toEqual(["loaded"]);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("an English browser", () => {
  test("follows a ?lang=hi link into Hindi, keeps Hindi on the next pages, and switches back to English in the header", async ({ page }) => {
    await page.goto("/?lang=hi");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    // The lead's words ("और …"), not the poster's prize badge, which begins the same.
    await expect(page.getByText("और सर्वोच्च अंक पाने वालों के लिए", { exact: false })).toBeVisible();

    await page.goto("/contactus");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("संपर्क करें");
    await page.getByLabel("नाम").fill("Asha");
    await page.getByRole("button", { name: "जमा करें" }).click();
    await expect(page.getByLabel("विषय")).toHaveAccessibleDescription("विषय आवश्यक है");

    await page.getByRole("banner").getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    // What was typed survives the switch.
    await expect(page.getByLabel("Name")).toHaveValue("Asha");

    await page.goto("/winnerleaderboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Winners");
  });

  test("finds each public page's Hindi and English addresses in its head", async ({ page, baseURL }) => {
    // Six pages on a shared test machine.
    test.slow();
    for (const path of ["/", "/login", "/contactus", "/winnerleaderboard", "/prizelisting", "/quizeslist"]) {
      await page.goto(path);
      const alternate = (hreflang: string) => page.locator(`head link[rel="alternate"][hreflang="${hreflang}"]`);
      // Next writes the home page's English address without its slash.
      const english = path === "/" ? `${baseURL}` : `${baseURL}${path}`;
      await expect(alternate("hi-IN")).toHaveAttribute("href", `${baseURL}${path}?lang=hi`);
      await expect(alternate("en-IN")).toHaveAttribute("href", english);
      await expect(alternate("x-default")).toHaveAttribute("href", english);
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", english);
    }
    await page.goto("/contactus?lang=hi");
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/contactus?lang=hi`);
    await expect(page).toHaveTitle(/^संपर्क करें \| Olympiad/);
  });
});
