import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { ADMIN, logIn } from "./accounts";

/** A short random suffix, so what one admin-panel journey creates never collides with another's. */
export function tag(): string {
  return randomBytes(3).toString("hex");
}

/**
 * Logs in as the seeded admin and opens the admin panel at `query` (its Overview without one).
 * Through the API: the login form has journeys of its own, and landing on the Overview first
 * would draw its charts for nothing.
 */
export async function openAdminPanel(page: Page, query = "") {
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/adminpanel${query}`);
}

/** The admin panel opened at one tab. */
export function openAdminTab(page: Page, tab: string) {
  return openAdminPanel(page, `?tab=${tab}`);
}
