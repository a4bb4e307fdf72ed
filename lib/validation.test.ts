import { describe, expect, it } from "vitest";
import { fromIndiaInput } from "@/components/admin/indiaDateTime";
import { instant, MAX_PAGE, pageParam, pageQuery, parseInstant, personName, rupees, sitePathParam, text, textParam, wholeNumber } from "./validation";

function refusal(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe("rupees", () => {
  const amount = rupees("The amount", { required: "Please fill in all the required fields." });

  it.each([
    [500, 500],
    ["500", 500],
    [" 19.99 ", 19.99],
    [19.99, 19.99],
    ["21474836.47", 21474836.47],
  ])("takes %j as ₹%s", (input, rupeesValue) => {
    expect(amount.parse(input)).toBe(rupeesValue);
  });

  it.each([
    [true, "The amount must be an amount in rupees, like 500 or 19.99."],
    [[5], "The amount must be an amount in rupees, like 500 or 19.99."],
    ["0x10", "The amount must be an amount in rupees, like 500 or 19.99."],
    ["1e3", "The amount must be an amount in rupees, like 500 or 19.99."],
    ["Infinity", "The amount must be an amount in rupees, like 500 or 19.99."],
    [undefined, "Please fill in all the required fields."],
    ["", "Please fill in all the required fields."],
    [0, "The amount must be at least ₹1."],
    [-1, "The amount must be at least ₹1."],
    [21474836.48, "The amount can be at most ₹2,14,74,836.47."],
    [1e308, "The amount can be at most ₹2,14,74,836.47."],
    [4.355, "Enter an amount in rupees with at most two decimals."],
  ])("refuses %j: %s", (input, message) => {
    expect(refusal(amount.safeParse(input))).toBe(message);
  });

  it("allows ₹0 where asked, and a lower ceiling", () => {
    const fee = rupees("Entry fee", { allowZero: true, maxRupees: 10_000_000 });
    expect(fee.parse("0")).toBe(0);
    expect(refusal(fee.safeParse(-1))).toBe("Entry fee cannot be negative.");
    expect(refusal(fee.safeParse(10_000_000.01))).toBe("Entry fee can be at most ₹1,00,00,000.");
  });
});

describe("whole numbers", () => {
  const capacity = wholeNumber("Capacity", { min: 1, max: 1000 });

  it("takes numbers and strings of digits", () => {
    expect(capacity.parse(12)).toBe(12);
    expect(capacity.parse("12")).toBe(12);
  });

  it.each([true, [5], "0x10", "1e3", 1.5, -1, 0, 1001, "12a", null])("refuses %j", (input) => {
    expect(refusal(capacity.safeParse(input))).toBe("Capacity must be a whole number from 1 to 1000.");
  });

  it("says a missing number is required", () => {
    expect(refusal(capacity.safeParse(undefined))).toBe("Capacity is required.");
  });
});

describe("text and names", () => {
  it("refuses NUL, naming the field", () => {
    expect(refusal(text("Subject").safeParse("a\u0000b"))).toBe("Subject must not contain NUL characters.");
    expect(refusal(text("Subject").safeParse(5))).toBe("Subject must be text.");
    expect(refusal(text("Subject").safeParse(undefined))).toBe("Subject is required.");
  });

  it.each([
    ["\u202Eevil", "evil"],
    ["a\u200Bb", "ab"],
    [" \uFEFFAsha\u2066 Rao\u2069 ", "Asha Rao"],
    ["Ra\u200Dvi\u200C", "Ravi"],
    // The joiners choose how a conjunct is drawn in Indian scripts: kept between their letters.
    ["क्\u200Dष", "क्\u200Dष"],
    ["ശ്രീ\u200Cകുമാർ", "ശ്രീ\u200Cകുമാർ"],
  ])("a name %j is stored as %j", (input, stored) => {
    expect(personName().parse(input)).toBe(stored);
  });
});

describe("dates", () => {
  it.each(["2000-02-31", "2001-02-29", "2000-13-01", "2000-01-01T24:00", "2000-01-01T10:60:00Z", "2000-01-01T10:00:00+25:00", "not a date", "275760-09-13", ""])(
    "%j is not a real moment",
    (value) => {
      expect(parseInstant(value)).toBeNull();
    },
  );

  it("reads real dates, leap days and offsets", () => {
    expect(parseInstant("2000-02-29")?.toISOString()).toBe("2000-02-29T00:00:00.000Z");
    expect(parseInstant("2027-01-15T10:00:00+05:30")?.toISOString()).toBe("2027-01-15T04:30:00.000Z");
    expect(parseInstant("2027-01-15T10:00:00.123Z")?.toISOString()).toBe("2027-01-15T10:00:00.123Z");
  });

  it("refuses other types and impossible dates with a clear message", () => {
    const examDate = instant("Exam date");
    expect(refusal(examDate.safeParse("2027-02-30T10:00:00.000Z"))).toBe("Exam date is not a real date.");
    expect(refusal(examDate.safeParse(true))).toBe("Exam date is not a real date.");
    expect(refusal(examDate.safeParse(undefined))).toBe("Exam date is required.");
  });

  it("the admin's quiz form does not roll 31 February over to March", () => {
    expect(fromIndiaInput("2027-02-31T10:00")).toBeUndefined();
    expect(fromIndiaInput("2027-02-28T10:00")).toBe("2027-02-28T04:30:00.000Z");
  });
});

describe("pages", () => {
  it("a route refuses a page out of range", () => {
    expect(pageQuery.parse(undefined)).toBe(1);
    expect(pageQuery.parse("3")).toBe(3);
    for (const page of ["0", "-5", "1.5", "1e20", String(MAX_PAGE + 1), "abc"]) {
      expect(refusal(pageQuery.safeParse(page))).toBe("The page must be a whole number from 1 to 10000.");
    }
  });

  it.each([
    ["1e20", MAX_PAGE],
    ["99999999999999999999", MAX_PAGE],
    ["-5", 1],
    ["0", 1],
    ["1.5", 1],
    ["abc", 1],
    [undefined, 1],
    [["2", "3"], 1],
    ["7", 7],
  ])("a page shows ?page=%j as page %i", (value, page) => {
    expect(pageParam(value)).toBe(page);
  });

  it("a page's text parameter loses NUL and invisible characters, and blank is none", () => {
    expect(textParam("  alge\u0000bra\u200B ")).toBe("algebra");
    expect(textParam("\u0000")).toBeUndefined();
    expect(textParam("x".repeat(500), 10)).toBe("x".repeat(10));
  });
});

describe("a path to return to", () => {
  it.each(["/dashboard", "/dashboard?pay=5eed0000-0000-4000-8001-000000000002", "/profiledetails?page=2#history"])("keeps the site's own path %j", (path) => {
    expect(sitePathParam(path)).toBe(path);
  });

  it.each([
    ["another site", "https://evil.example/dashboard"],
    ["a protocol-relative address", "//evil.example/dashboard"],
    ["a backslash browsers read as a slash", "/\\evil.example"],
    ["a tab browsers remove", "/\t/evil.example"],
    ["a script", "javascript:alert(1)"],
    ["a relative path", "dashboard"],
    ["nothing", ""],
    ["more than one value", ["/dashboard", "/walletdetails"]],
    ["an overlong path", `/${"a".repeat(600)}`],
  ])("refuses %s", (_what, value) => {
    expect(sitePathParam(value)).toBeUndefined();
  });
});
