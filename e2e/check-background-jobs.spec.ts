import { expect, test } from "@playwright/test";
import { openAdminTab } from "./support/admin-panel";

test.describe("admin panel", () => {
  test("the Background Jobs tab lists every queue with its pending, running and failed jobs", async ({ page }) => {
    await openAdminTab(page, "jobs");
    await expect(page.getByRole("link", { name: "Background Jobs" })).toHaveAttribute("aria-current", "page");
    const table = page.getByRole("table", { name: /Background jobs shared by every server instance/ });
    await expect(table.getByRole("columnheader")).toHaveText(["Job", "Pending", "Running", "Failed"]);
    for (const job of ["Submitting abandoned exams at their deadline", "Delivering push notifications", "Sending email (password resets)"]) {
      const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(job.replace(/[()]/g, "\\$&")) }) });
      await expect(row.getByRole("cell")).toHaveText([/^\d+$/, /^\d+$/, /^\d+$/]);
    }
  });
});
