import { describe, expect, it } from "vitest";
import { ageOn, assertOldEnough, indiaToday } from "./eligibility";

describe("age eligibility", () => {
  it("counts whole years, turning a year older on the birthday itself", () => {
    expect(ageOn("2008-11-24", "2026-11-23")).toBe(17);
    expect(ageOn("2008-11-23", "2026-11-23")).toBe(18);
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("2008-02-29", "2026-03-01")).toBe(18);
  });

  it("uses the date in India: 20:00 UTC is already the next day there", () => {
    expect(indiaToday(new Date("2026-11-22T20:00:00Z"))).toBe("2026-11-23");
  });

  it("refuses a participant under 18 or without a date of birth", () => {
    const now = new Date("2026-11-23T06:00:00Z");
    expect(() => assertOldEnough("2008-11-24", 18, now)).toThrow("You must be 18 or older to take part.");
    expect(() => assertOldEnough(null, 18, now)).toThrow(/date of birth/);
    expect(() => assertOldEnough("2008-11-23", 18, now)).not.toThrow();
  });
});
