import { expect, test } from "@playwright/test";
import { writeZip } from "@/lib/quizzes/zip";
import { encodeGreyPng } from "@/lib/seed/diagram";
import { openAdminTab, tag } from "./support/admin-panel";
import { checker } from "./support/axe";

test.describe("questions with formulas", () => {
  test("an admin writes a question with a formula and a table, sees it as participants will at phone and desktop width in English and Hindi, is stopped by a broken formula, and saves it", async ({ page }) => {
    const label = tag();
    await openAdminTab(page, "questions");
    const preview = page.getByRole("region", { name: "Preview as participants see it" });

    await page.getByLabel("Question text").fill(`Q ${label}: if $$x^2 - 5x + 6 = 0$$ then which is a root?\n\n| x | 2 | 3 |\n| --- | --- | --- |\n| f(x) | 0 | 0 |`);
    await page.getByLabel("Subject", { exact: true }).fill("Mathematics");
    for (const [index, option] of ["$x = 1$", "$x = 3$", "$\\dfrac{5}{6}$", "none"].entries()) {
      await page.getByLabel(`Option ${index + 1} text`).fill(option);
    }
    await page.getByLabel("Question (Hindi)").fill(`प्रश्न ${label}: यदि $$x^2 - 5x + 6 = 0$$ है, तो एक मूल कौन-सा है?`);
    for (const [index, option] of ["$x = 1$", "$x = 3$", "$\\dfrac{5}{6}$", "कोई नहीं"].entries()) {
      await page.getByLabel(`Option ${index + 1} (Hindi)`).fill(option);
    }

    // Both widths show the formula as KaTeX renders it, with MathML for screen readers, and the table.
    const frames = preview.getByRole("figure");
    await expect(frames).toHaveCount(2);
    for (const frame of await frames.all()) {
      await expect(frame.locator(".katex-display math")).toHaveCount(1);
      await expect(frame.locator(".katex-display")).toBeVisible();
      await expect(frame.getByRole("table")).toBeVisible();
      await expect(frame.locator("label").nth(2).locator(".katex")).toBeVisible();
    }
    const phone = frames.filter({ hasText: "Phone (360 px)" });
    expect((await phone.boundingBox())!.width).toBeLessThanOrEqual(360);

    // The question as the exam shows it, formulas and table included, passes axe.
    const axe = checker(page);
    await axe.check("the question preview", "section[aria-labelledby=question-preview-heading]");

    await preview.getByRole("radio", { name: "हिन्दी" }).check();
    await expect(preview.locator("legend [lang=hi]").first()).toContainText(`प्रश्न ${label}`);
    await expect(preview.locator("legend [lang=hi] .katex-display").first()).toBeVisible();
    await axe.check("the question preview in Hindi", "section[aria-labelledby=question-preview-heading]");
    axe.expectNone();

    // A $ left open on its line is a dollar sign, and the preview says so.
    await page.getByLabel("Option 2 text").fill("$x = 3");
    await expect(preview.getByText("Option 2: A $ with no closing $ on its line is shown as a dollar sign.")).toBeVisible();
    // A formula KaTeX cannot read is named with its field, line and column, and the question is not saved.
    await page.getByLabel("Option 2 text").fill("$x = \\oops$");
    await expect(preview.getByRole("list", { name: "Texts that cannot be saved" })).toContainText("Option 2: line 1, column 6: Undefined control sequence: \\oops");
    await expect(preview.getByText("shown as a dollar sign")).toHaveCount(0);
    await page.getByRole("radio", { name: "Option 2" }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Option 2: line 1, column 6: Undefined control sequence: \\oops").first()).toBeVisible();
    await expect(page.getByText("Question added.")).toHaveCount(0);

    await page.getByLabel("Option 2 text").fill("$x = 3$");
    await expect(preview.getByRole("list", { name: "Texts that cannot be saved" })).toHaveCount(0);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Question added.")).toBeVisible();
    const row = page.getByRole("list", { name: "Questions" }).getByRole("listitem").filter({ hasText: `Q ${label}` });
    await expect(row.locator(".katex-display")).toBeVisible();
    await expect(row.getByRole("table")).toBeVisible();
  });

  test("an admin uploads a diagram with alt text in English and Hindi, sees it in the preview in both languages, saves it, and imports a ZIP of a CSV and its images", async ({ page }) => {
    const label = tag();
    const diagram = encodeGreyPng(120, 80, new Uint8Array(120 * 80).fill(90));
    await openAdminTab(page, "questions");
    const preview = page.getByRole("region", { name: "Preview as participants see it" });
    await page.getByLabel("Question text").fill(`Q ${label}: which shape is shown?`);
    await page.getByLabel("Subject", { exact: true }).fill("Mathematics");
    for (const [index, option] of ["A circle", "A square", "A triangle", "$\\pi r^2$"].entries()) await page.getByLabel(`Option ${index + 1} text`).fill(option);
    await page.getByLabel("Question (Hindi)").fill(`प्रश्न ${label}: कौन-सी आकृति दिखाई गई है?`);
    for (const [index, option] of ["वृत्त", "वर्ग", "त्रिभुज", "$\\pi r^2$"].entries()) await page.getByLabel(`Option ${index + 1} (Hindi)`).fill(option);

    const picker = page.getByRole("group", { name: "Add an image" });
    await picker.getByLabel("Image file").setInputFiles({ name: "shape.png", mimeType: "image/png", buffer: diagram });
    await picker.getByRole("button", { name: "Upload and add image" }).click();
    await expect(picker.getByText("Describe the image in English and in Hindi")).toBeVisible();
    await picker.getByLabel("Alt text (English)").fill("A grey rectangle");
    await picker.getByLabel("Alt text (Hindi)").fill("एक धूसर आयत");
    await picker.getByRole("button", { name: "Upload and add image" }).click();
    await expect(picker.getByText("Image added to the question.")).toBeVisible();
    await expect(page.getByLabel("Question text")).toHaveValue(new RegExp(`^Q ${label}: which shape is shown\\?\\n\\n!\\[A grey rectangle\\]\\(image:[0-9a-f-]{36}\\)$`));

    // An SVG is refused with the reason, and nothing is added.
    await picker.getByLabel("Image file").setInputFiles({ name: "shape.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await picker.getByLabel("Alt text (English)").fill("x");
    await picker.getByLabel("Alt text (Hindi)").fill("x");
    await picker.getByRole("button", { name: "Upload and add image" }).click();
    await expect(picker.getByText("SVG images are not accepted, as they can carry scripts: upload a PNG, JPEG, WebP or GIF.")).toBeVisible();

    for (const frame of await preview.getByRole("figure").all()) {
      const image = frame.getByRole("img", { name: "A grey rectangle" });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(120);
    }
    await preview.getByRole("radio", { name: "हिन्दी" }).check();
    await expect(preview.getByRole("img", { name: "एक धूसर आयत" }).first()).toBeVisible();
    const axe = checker(page);
    await axe.check("the question preview with a diagram", "section[aria-labelledby=question-preview-heading]");
    axe.expectNone();

    await page.getByRole("radio", { name: "Option 2" }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Question added.")).toBeVisible();
    const bank = page.getByRole("list", { name: "Questions" });
    await expect(bank.getByRole("listitem").filter({ hasText: `Q ${label}` }).getByRole("img", { name: "A grey rectangle" })).toBeVisible();

    // A ZIP: the CSV names its image by file; the bank shows it once imported.
    const row = [`Z ${label}: the figure\n\n![A dark square](images/square.png)`, "Mathematics", "1", "2", "3", "4", "0"];
    const csv = ["text,subject,option1,option2,option3,option4,correctOptionIndex", row.map((cell) => `"${cell}"`).join(",")].join("\n");
    const zip = writeZip([
      { name: "questions.csv", bytes: Buffer.from(csv) },
      { name: "images/square.png", bytes: encodeGreyPng(60, 60, new Uint8Array(3600).fill(20)) },
    ]);
    await page.getByLabel("CSV or ZIP file").setInputFiles({ name: "bank.zip", mimeType: "application/zip", buffer: zip });
    // The import is reached from the top of the tab, and its button says what it takes.
    await page.getByRole("link", { name: "Import CSV or ZIP" }).click();
    await expect(page.getByRole("region", { name: "Import and export" })).toBeFocused();
    await page.getByRole("button", { name: "Import CSV or ZIP" }).click();
    await expect(page.getByText("1 question imported.")).toBeVisible();
    await page.reload();
    await expect(bank.getByRole("listitem").filter({ hasText: `Z ${label}` }).getByRole("img", { name: "A dark square" })).toBeVisible();
  });

  test("the demo quiz's first question is a formula KaTeX rendered on the server: in the page's server HTML, and on screen with MathML", async ({ page, request }) => {
    // The demo keeps its progress in the browser, so the page's HTML carries the questions for the
    // client to place: the formula arrives rendered, and the browser runs no KaTeX of its own.
    const html = await (await request.get("/demoquiz")).text();
    expect(html).toContain("katex-display");
    expect(html).toContain("x^2 - 5x + 6 = 0\\u003c/annotation");

    await page.goto("/demoquiz");
    const legend = page.locator("legend").first();
    await expect(legend.locator(".katex-display")).toBeVisible();
    await expect(legend.locator(".katex-display math annotation")).toHaveText("x^2 - 5x + 6 = 0");
    await expect(page.getByRole("radio").nth(1)).toBeVisible();
    await expect(page.locator("label").nth(1).locator(".katex")).toBeVisible();
  });
});
