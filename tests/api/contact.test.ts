import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as contact } from "@/app/api/contact/route";
import { contactMessages } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { call } from "../support/http";

afterAll(closeDatabase);

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: "Priya Sharma",
    email: `visitor-${randomBytes(6).toString("hex")}@example.test`,
    subject: "Question about the entry fee",
    message: "Can I pay the entry fee from a friend's UPI account?",
    ...overrides,
  };
}

async function storedFor(email: string) {
  const db = await getDb();
  return db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

/** Only this file writes contact messages, so an unchanged total means nothing was stored. */
async function storedTotal() {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(contactMessages);
  return total;
}

describe("the contact form", () => {
  it("stores the message and answers 201 with the success text", async () => {
    const input = message({ name: "  Priya Sharma  " });
    const { status, body } = await call(contact, { json: input });
    expect(status).toBe(201);
    expect(body).toEqual({ message: "Form submitted successfully!" });
    expect(await storedFor(input.email)).toEqual([
      expect.objectContaining({ name: "Priya Sharma", subject: input.subject, message: input.message, readAt: null }),
    ]);
  });

  it.each([
    ["name", "Name is required"],
    ["email", "Email is required"],
    ["subject", "Subject is required"],
    ["message", "Message is required"],
  ])("refuses a blank %s with 400 and its message, storing nothing", async (field, text) => {
    const before = await storedTotal();
    const { status, body } = await call(contact, { json: message({ [field]: "   " }) });
    expect(status).toBe(400);
    expect(body).toEqual({ message: text });
    expect(await storedTotal()).toBe(before);
  });

  it("refuses an invalid email address and a missing field", async () => {
    const before = await storedTotal();
    const invalid = await call(contact, { json: message({ email: "not-an-email" }) });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ message: "Enter a valid email address" });

    const { subject: _subject, ...withoutSubject } = message();
    const missing = await call(contact, { json: withoutSubject });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: "Subject is required" });
    expect(await storedTotal()).toBe(before);
  });

  it("takes at most five messages a minute from one address", async () => {
    const headers = { "x-forwarded-for": `10.99.${randomBytes(1)[0]}.${randomBytes(1)[0]}` };
    const statuses: number[] = [];
    for (let sent = 0; sent < 6; sent++) statuses.push((await call(contact, { json: message(), headers })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
