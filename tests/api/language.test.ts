import { afterAll, describe, expect, it } from "vitest";
import { PUT as chooseLanguage } from "@/app/api/language/route";
import { savedLanguage } from "@/lib/accounts";
import { closeDatabase } from "@/lib/db";
import { call } from "../support/http";
import { participant } from "../support/users";

afterAll(closeDatabase);

describe("choosing a language in the header", () => {
  it("keeps a visitor's choice in this browser for a year", async () => {
    const { status, body, response } = await call(chooseLanguage, { method: "PUT", json: { language: "hi" } });
    expect(status).toBe(200);
    expect(body).toEqual({ language: "hi" });
    expect(response.headers.get("set-cookie")).toBe("NEXT_LOCALE=hi; Path=/; Max-Age=31536000; SameSite=Lax");
  });

  it("remembers a logged-in user's choice with the account, for other devices and e-mails", async () => {
    const user = await participant();
    expect(await savedLanguage(user, user.id)).toBeNull();
    await call(chooseLanguage, { method: "PUT", json: { language: "hi" }, as: user });
    expect(await savedLanguage(user, user.id)).toBe("hi");
    await call(chooseLanguage, { method: "PUT", json: { language: "en" }, as: user });
    expect(await savedLanguage(user, user.id)).toBe("en");
  });

  it("refuses a language the app does not speak and changes nothing", async () => {
    const user = await participant();
    for (const language of ["fr", "", "hi\u0000", "x".repeat(100_000), 1, null]) {
      const { status, body, response } = await call(chooseLanguage, { method: "PUT", json: { language }, as: user });
      expect(status).toBe(400);
      expect(body.message).toEqual(expect.any(String));
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect(await savedLanguage(user, user.id)).toBeNull();
  });
});
