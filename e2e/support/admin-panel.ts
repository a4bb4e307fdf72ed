import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { ADMIN, logInThroughForm } from "./accounts";

/** A short random suffix, so what one admin-panel journey creates never collides with another's. */
export function tag(): string {
  return randomBytes(3).toString("hex");
}

/** Logs in through the form as the seeded admin and opens one tab of the admin panel. */
export async function openAdminTab(page: Page, tab: string) {
  await logInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/adminpanel$/);
  await page.goto(`/adminpanel?tab=${tab}`);
}
