import { expect, test } from "@playwright/test";
import { openAdminTab, tag } from "./support/admin-panel";

test.describe("admin panel", () => {
  test("a blog post renders its Markdown safely, shows its image with the editor's alt text and the file's size, takes a new title, and is gone after delete", async ({ page }) => {
    const title = `Exam day checklist ${tag()}`;
    const retitled = `${title} (revised)`;
    await openAdminTab(page, "blog");
    const add = page.getByRole("region", { name: "Add blog" });
    const manage = page.getByRole("region", { name: "Edit or delete blogs" });

    await add.getByRole("button", { name: "Publish" }).click();
    await expect(add.getByText("All fields are required")).toBeVisible();

    await add.getByLabel("Title").fill(title);
    await add.getByLabel("Author").fill("Asha Rao");
    await add.getByLabel("Category").selectOption("education");
    await add.getByLabel("Image URL").fill("/blog/quiz.png");
    await add.getByLabel("Image description").fill("Answer options A to D with B ticked");
    await add.getByLabel("Content").fill("Bring your **bold** ideas.\n\n<script>window.hacked=1</script>");
    await add.getByRole("button", { name: "Publish" }).click();
    await expect(add.getByText("Article published.")).toBeVisible();
    await expect(add.getByLabel("Title")).toHaveValue("");

    const link = manage.getByRole("link", { name: title, exact: true });
    await expect(link).toBeVisible();
    const address = await link.getAttribute("href");
    expect(address).toMatch(/^\/readblogs\/[a-z0-9-]+$/);

    await page.goto(address!);
    const article = page.getByRole("article", { name: title });
    await expect(article.locator("strong", { hasText: "bold" })).toBeVisible();
    await expect(article.getByText("<script>window.hacked=1</script>")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { hacked?: unknown }).hacked)).toBeUndefined();
    // The size comes from the PNG's own header, read by the server when the post was saved.
    const cover = article.getByRole("img", { name: "Answer options A to D with B ticked" });
    await expect(cover).toHaveAttribute("width", "1200");
    await expect(cover).toHaveAttribute("height", "630");

    await page.goto("/adminpanel?tab=blog");
    await manage.getByRole("button", { name: `Edit blog ${title}` }).click();
    await expect(manage.getByRole("heading", { name: `Edit blog: ${title}` })).toBeFocused();
    await expect(manage.getByLabel("Author")).toHaveValue("Asha Rao");
    await manage.getByLabel("Title").fill(retitled);
    await manage.getByRole("button", { name: "Update" }).click();
    await expect(manage.getByText("Article updated.")).toBeVisible();
    await expect(manage.getByRole("link", { name: retitled })).toHaveAttribute("href", address!);

    await manage.getByRole("button", { name: `Edit blog ${retitled}` }).click();
    await manage.getByRole("button", { name: "Delete" }).click();
    await manage.getByRole("button", { name: "Yes, delete" }).click();
    await expect(manage.getByText("Article deleted.")).toBeVisible();
    await expect(manage.getByRole("link", { name: retitled })).toHaveCount(0);

    const gone = await page.goto(address!);
    expect(gone?.status()).toBe(404);
  });
});
