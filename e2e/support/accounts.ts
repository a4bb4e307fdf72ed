import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { decodeQuotedPrintable, mailbox } from "./mailbox";

export const ADMIN = { email: "admin@olympiad.local", password: "admin-password-for-e2e" };
export const PASSWORD = "a-long-password";
/** A date of birth sign-up accepts: well over the minimum age. */
export const ADULT_DOB = "1995-01-01";

export function newEmail(): string {
  return `e2e-${randomBytes(5).toString("hex")}@example.test`;
}

/** Signs a participant up through the API; the request context keeps the session cookie. */
export async function signUp(request: APIRequestContext, email = newEmail(), name = "Kavya Menon") {
  const response = await request.post("/api/register", { data: { name, email, password: PASSWORD, dob: ADULT_DOB } });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string; email: string } };
  return user;
}

/** Logs in through the API, sharing the page's cookies: for journeys about something else than the login form. */
export async function logIn(page: Page, email: string, password: string) {
  const response = await page.request.post("/api/login", { data: { email, password } });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
}

export async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

const CONFIRMATION_LINK = /http:\/\/\S+\/verify-email\?token=[A-Za-z0-9_.%-]+/;

/** Opens the confirmation link mailed at sign-up, as its owner would. */
export async function confirmEmail(page: Page, email: string) {
  const link = new URL(decodeQuotedPrintable((await mailbox.waitFor(email, CONFIRMATION_LINK)).raw).match(CONFIRMATION_LINK)![0]);
  await page.goto(link.pathname + link.search);
  await expect(page.getByText("Thank you: your email address is confirmed.")).toBeVisible();
}
