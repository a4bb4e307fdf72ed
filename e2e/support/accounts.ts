import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";

export const ADMIN = { email: "admin@olympiad.local", password: "admin-password-for-e2e" };
export const PASSWORD = "a-long-password";

export function newEmail(): string {
  return `e2e-${randomBytes(5).toString("hex")}@example.test`;
}

/** Signs a participant up through the API; the request context keeps the session cookie. */
export async function signUp(request: APIRequestContext, email = newEmail(), name = "Kavya Menon") {
  const response = await request.post("/api/register", { data: { name, email, password: PASSWORD } });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string; email: string } };
  return user;
}

export async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}
