import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { POST as registerRoute } from "@/app/api/register/route";
import { config } from "@/lib/config";
import { closeDatabase } from "@/lib/db";
import { uniqueEmail } from "../support/factories";
import { call } from "../support/http";
import { ADULT_DOB } from "../support/users";
import { roomInThisHour } from "../support/rate-window";

afterAll(closeDatabase);

/** An address of its own for each test run, as the trusted proxy (TRUSTED_PROXY_HOPS=1 in tests) appends it. */
const someAddress = () => `172.16.${randomBytes(2).join(".")}`;

const signUp = (headers: Record<string, string> = {}) => call(registerRoute, { json: { name: "Meera", email: uniqueEmail(), password: "a-long-password", dob: ADULT_DOB }, headers });

describe("sign-ups from one address", () => {
  it("are limited to 10 an hour: the 11th is answered 429 with the wait in the reader's language, while another address still signs up", async () => {
    expect(config.signUpsPerIpPerHour).toBe(10);
    await roomInThisHour();
    const school = someAddress();
    for (let pupil = 0; pupil < 10; pupil++) expect((await signUp({ "x-forwarded-for": school })).status).toBe(201);

    const refused = await signUp({ "x-forwarded-for": school });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    // What is left of the hour, as a login's wait is worded: whole minutes rounded up, or seconds in its last minute.
    const [count, unit] = retryAfter < 60 ? [retryAfter, "second"] : [Math.ceil(retryAfter / 60), "minute"];
    expect(refused.body).toEqual({ message: `Too many sign-ups from this address. Please try again in ${count} ${unit}${count === 1 ? "" : "s"}.` });
    const hindi = await signUp({ "x-forwarded-for": school, "accept-language": "hi" });
    expect(hindi.status).toBe(429);
    expect(hindi.body.message).toMatch(/^इस पते से बहुत अधिक साइन-अप। कृपया \d+ (मिनट|सेकंड) बाद फिर से प्रयास करें।$/);

    expect((await signUp({ "x-forwarded-for": someAddress() })).status).toBe(201);
  });

  it("are not limited where no trusted proxy gives the address: every caller would share one limit", async () => {
    await roomInThisHour();
    for (let caller = 0; caller < 11; caller++) expect((await signUp()).status).toBe(201);
  });
});
