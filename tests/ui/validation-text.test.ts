import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { validationKey } from "@/components/ui/validationText";
import { loginSchema, registerSchema } from "@/lib/accounts/schemas";
import { contactSchema } from "@/lib/contact/schemas";
import { claimSchema } from "@/lib/payouts/schemas";

function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** What a person can get wrong in the login, sign-up, contact and prize claim forms, and what the browser then shows. */
const MISTAKES: [z.ZodType, unknown][] = [
  [loginSchema, { email: "", password: "" }],
  [loginSchema, { email: "not-an-email", password: "x".repeat(1001) }],
  [registerSchema, { name: "", email: "a@b.co", password: "short", mobile: "12", dob: "" }],
  [registerSchema, { name: "x".repeat(81), email: "a@b.co", password: "x".repeat(201), dob: "2001-02-30" }],
  [registerSchema, { name: "Asha", email: "a@b.co", password: "long enough", dob: "01/02/2001" }],
  [registerSchema, { name: "Asha", email: "a@b.co", password: "long enough", dob: "2999-01-01" }],
  [contactSchema, { name: "", email: "", subject: "", message: "" }],
  [contactSchema, { name: "x".repeat(101), email: "not-an-email", subject: "x".repeat(201), message: "x".repeat(5001) }],
  [contactSchema, { name: "Asha", email: `${"x".repeat(250)}@b.co`, subject: "Hi", message: "Hello" }],
  [claimSchema, { method: "upi", pan: "ABC", upiId: "nobody" }],
  [claimSchema, { method: "bank", pan: "ABCDE1234F", ifsc: "SBIN1", accountNumber: "12" }],
];

describe("the forms' validation messages in the browser", () => {
  it("are all known, so a Hindi reader sees each in Hindi (a reworded schema message fails here)", () => {
    const shown = new Set(MISTAKES.flatMap(([schema, input]) => messagesOf(schema, input)));
    expect(shown.size).toBeGreaterThan(15);
    expect([...shown].filter((message) => validationKey(message) === undefined)).toEqual([]);
  });
});
