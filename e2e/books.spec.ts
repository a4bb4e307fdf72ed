import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { bankLineFor, withDatabase } from "./support/exam-db";
import { openAdminPanel } from "./support/admin-panel";

/** A participant whose ₹750 top-up by UPI an admin verified: the database posts bank against their wallet. */
async function verifiedTopUp(): Promise<void> {
  await withDatabase(async (client) => {
    const tag = randomBytes(5).toString("hex");
    const user = await client.query<{ id: string }>(`insert into users (name, email, referral_code) values ($1, $2, $3) returning id`, [`Books ${tag}`, `books-${tag}@example.test`, `BK${tag}`.toUpperCase()]);
    await client.query("begin");
    await client.query(`insert into transactions (user_id, type, mode, status, amount_paise, reason, payment_reference, reviewed_at) values ($1, 'credit', 'upi', 'verified', 75000, 'walletAddMoney', $2, now())`, [user.rows[0].id, await bankLineFor(client, 75_000)]);
    await client.query(`update users set wallet_balance_paise = wallet_balance_paise + 75000 where id = $1`, [user.rows[0].id]);
    await client.query("commit");
  });
}

test("an admin opens the Books, sees the trial balance come to zero, downloads it as CSV and cannot deposit more tax than is payable", async ({ page }) => {
  await verifiedTopUp();
  await openAdminPanel(page);
  await page.getByRole("navigation", { name: "Admin panel sections" }).getByRole("link", { name: "Books" }).click();
  await expect(page.getByRole("heading", { name: "Books", level: 2 })).toBeVisible();

  const table = page.getByRole("table", { name: /^Trial balance from \d{4}-04-01 to \d{4}-\d\d-\d\d$/ });
  await expect(table).toBeVisible();
  const bank = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Bank", exact: true }) });
  await expect(bank.getByRole("cell").nth(1)).not.toHaveText("₹0.00");
  const wallets = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Participant wallets" }) });
  await expect(wallets.getByRole("cell").last()).toHaveText(/ Cr$/);
  const total = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Total", exact: true }) });
  const [, debits, credits] = await total.getByRole("cell").allTextContents();
  await expect(total.getByRole("cell").first()).toHaveText("₹0.00");
  await expect(total.getByRole("cell").last()).toHaveText("₹0.00");
  expect(debits).toBe(credits);
  expect(debits).not.toBe("₹0.00");
  await expect(page.getByText("The books balance: debits equal credits, and the balances sum to zero.")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^trial-balance-\d{4}-04-01-to-\d{4}-\d\d-\d\d\.csv$/);
  const rows = (await readFile((await download.path())!, "utf8")).trim().split("\r\n");
  expect(rows[0]).toMatch(/^Account,Name,/);
  expect(rows.at(-1)).toMatch(/^total,Total,0\.00,(\d+\.\d\d),\1,0\.00$/);

  // No more can be deposited than was withheld (another journey may have withheld a little meanwhile).
  const deposit = page.getByRole("form", { name: "Record tax deposit" });
  await deposit.getByLabel("Amount (₹)").fill("100000");
  await deposit.getByLabel("Challan reference").fill("0510308 27112026 00042");
  await deposit.getByRole("button", { name: "Record tax deposit" }).click();
  await expect(deposit.getByRole("alert")).toHaveText(/^A deposit of ₹1,00,000 is more than the tax payable, ₹[\d,]+\.$/);

  // A period in Hindi too: the same table, its words in Hindi.
  await page.goto("/adminpanel?tab=books&lang=hi");
  await expect(page.getByRole("table", { name: /तलपट$/ })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "योग", exact: true })).toBeVisible();
});
