import { expect, test, type Locator, type Page } from "@playwright/test";
import { signUp } from "./support/accounts";

// Reduced motion holds the carousel still on the poster a test looks at (the dots still change it).
test.use({ reducedMotion: "reduce" });

/** The carousel's poster on show: its artwork and the words over it. (The carousel's role description is in the page's language.) */
function shownPoster(scope: Page | Locator): Locator {
  return scope.locator("[aria-roledescription] > div:not([aria-hidden=true])").first();
}

/** The poster's words are text a reader selects, translates and enlarges: the artwork under them says nothing. */
async function expectWordsOverSilentArtwork(poster: Locator, words: string[]) {
  for (const word of words) await expect(poster.getByText(word, { exact: true })).toBeVisible();
  await expect(poster.locator("img")).toHaveAttribute("alt", "");
}

/** Whether the words stay inside the poster's box, none cut off nor spilling past its edges. */
function wordsInsidePoster(poster: Locator) {
  return poster.evaluate((box) => {
    const outer = box.getBoundingClientRect();
    return [...box.querySelectorAll("p")].every((line) => {
      const inner = line.getBoundingClientRect();
      return inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
    });
  });
}

test.describe("the home page's posters", () => {
  test("carry their words as English text over the artwork, the second one too", async ({ page }) => {
    await page.goto("/");
    await expectWordsOverSilentArtwork(shownPoster(page), ["Olympiad", "learn, think, win", "Prizes for the top scorers", "Timed, proctored quizzes for ages 18+"]);
    await page.getByRole("button", { name: "Show poster 2 of 2" }).click();
    await expectWordsOverSilentArtwork(shownPoster(page), ["25 questions · 30 minutes", "Fair and proctored", "1 mark each · no negative marking"]);
  });

  test.describe("in Hindi", () => {
    test.use({ locale: "hi-IN" });

    test("carry Hindi words, and no English ones", async ({ page }) => {
      await page.goto("/");
      const poster = shownPoster(page);
      await expectWordsOverSilentArtwork(poster, ["सीखें, सोचें, जीतें", "सर्वोच्च अंक पाने वालों के लिए पुरस्कार", "18+ आयु के लिए समयबद्ध, निगरानी वाली क्विज़"]);
      await expect(poster.getByText(/learn|Prizes|proctored/)).toHaveCount(0);
      await page.getByRole("button", { name: "पोस्टर 2 / 2 दिखाएँ" }).click();
      await expectWordsOverSilentArtwork(shownPoster(page), ["25 प्रश्न · 30 मिनट", "निष्पक्ष और निगरानी वाली परीक्षा"]);
    });
  });

  test("keep their words inside the poster on a 320 px phone, at 100 % and 200 % text", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/");
    const poster = shownPoster(page);
    await expect(poster.getByText("Prizes for the top scorers")).toBeVisible();
    for (const size of ["100%", "200%"]) {
      await page.evaluate((fontSize) => (document.documentElement.style.fontSize = fontSize), size);
      expect(await wordsInsidePoster(poster), `the words inside the poster at ${size} text`).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `the page at ${size} text`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("a quiz card's posters on a Hindi dashboard", () => {
  test.use({ locale: "hi-IN" });

  test("carry Hindi words, with the quiz's own number of questions and minutes", async ({ page }) => {
    await signUp(page.request);
    await page.goto("/dashboard");
    const card = page.getByRole("article").filter({ has: page.locator("[aria-roledescription]") }).first();
    await expectWordsOverSilentArtwork(shownPoster(card), ["सीखें, सोचें, जीतें", "सर्वोच्च अंक पाने वालों के लिए पुरस्कार"]);
    await expect(shownPoster(card).getByText(/Prizes|learn/)).toHaveCount(0);
    // The card's own facts, as its "Exam" line gives them, not the home page's standard paper.
    const minutes = (await card.getByText(/^परीक्षा:/).textContent())!.match(/(\d+) मिनट/)![1];
    await card.locator("[aria-roledescription] button").nth(1).dispatchEvent("click");
    await expect(shownPoster(card).getByText(new RegExp(`^\\d+ प्रश्न · ${minutes} मिनट$`))).toBeVisible();
  });
});
