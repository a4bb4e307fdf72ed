import { describe, expect, it } from "vitest";
import { financialQuarter, financialQuarterOf, financialYearOf, parseFinancialQuarter, roundToRupee, taxAtPayout, type TaxRule, type YearToDate } from "./tax";

const NET: TaxRule = { rateBasisPoints: 3000, thresholdPaise: 0, basis: "net" };
const NONE: YearToDate = { prizesPaise: 0, entryFeesPaise: 0, taxWithheldPaise: 0 };
const rupees = (value: number) => Math.round(value * 100);

describe("tax withheld at a payout", () => {
  it.each([
    // [what, prize, year to date, rule, tax]
    ["₹400 after a ₹100 fee: 30 % of ₹300 net winnings", 400, { ...NONE, entryFeesPaise: rupees(100) }, NET, 90],
    ["a second ₹200 prize the same year: 30 % of ₹500 is ₹150, less ₹90 already withheld", 200, { prizesPaise: rupees(400), entryFeesPaise: rupees(100), taxWithheldPaise: rupees(90) }, NET, 60],
    ["₹19.998 of tax is rounded to ₹20, not cut to ₹19.99", 66.66, NONE, NET, 20],
    ["₹19.49 rounds down to ₹19", 64.98, NONE, NET, 19],
    ["half a rupee rounds up: ₹19.50 is ₹20", 65, NONE, NET, 20],
    ["fees above the prizes: no tax", 400, { ...NONE, entryFeesPaise: rupees(500) }, NET, 0],
    ["fees above all the year's prizes, a later prize still owes nothing", 100, { prizesPaise: rupees(100), entryFeesPaise: rupees(1000), taxWithheldPaise: 0 }, NET, 0],
    ["more already withheld than now due (a fee paid since): nothing, never negative", 100, { prizesPaise: rupees(400), entryFeesPaise: rupees(400), taxWithheldPaise: rupees(120) }, NET, 0],
    ["never more than the prize itself", 100, { prizesPaise: rupees(10_000), entryFeesPaise: 0, taxWithheldPaise: 0 }, NET, 100],
    ["gross basis ignores the fees", 400, { ...NONE, entryFeesPaise: rupees(100) }, { ...NET, basis: "gross" }, 120],
    ["gross basis, second prize: 30 % of ₹600 less ₹120", 200, { prizesPaise: rupees(400), entryFeesPaise: rupees(100), taxWithheldPaise: rupees(120) }, { ...NET, basis: "gross" }, 60],
    ["threshold: nothing while the year's net winnings are at most it", 10_000, NONE, { ...NET, thresholdPaise: rupees(10_000) }, 0],
    ["threshold: past it, the rate on the whole year's amount", 1, { prizesPaise: rupees(10_000), entryFeesPaise: 0, taxWithheldPaise: 0 }, { ...NET, thresholdPaise: rupees(10_000) }, 1],
    ["threshold: crossed by a later prize, the whole year is taxed then", 6000, { prizesPaise: rupees(6000), entryFeesPaise: 0, taxWithheldPaise: 0 }, { ...NET, thresholdPaise: rupees(10_000) }, 3600],
    ["another rate: 12.5 % of ₹10,000.01 is ₹1,250", 10_000.01, NONE, { ...NET, rateBasisPoints: 1250 }, 1250],
    ["a zero rate", 400, NONE, { ...NET, rateBasisPoints: 0 }, 0],
  ] as const)("%s", (_what, prize, year, rule, tax) => {
    const result = taxAtPayout(rupees(prize), year, rule);
    expect(result.taxPaise).toBe(rupees(tax));
    expect(result.taxPaise % 100).toBe(0);
    expect(result.taxPaise + result.netPaise).toBe(rupees(prize));
  });

  it("rounds paise to the nearest rupee, half up", () => {
    expect([roundToRupee(1999.8), roundToRupee(1949), roundToRupee(1950), roundToRupee(0), roundToRupee(49), roundToRupee(50)]).toEqual([2000, 1900, 2000, 0, 0, 100]);
  });

  it("stays exact on the largest prizes the column holds", () => {
    const prize = 2 ** 31 - 1;
    const { taxPaise, netPaise } = taxAtPayout(prize, NONE, NET);
    expect(taxPaise).toBe(644_245_100);
    expect(taxPaise + netPaise).toBe(prize);
  });
});

/** An instant from an India date and time. */
const india = (text: string) => new Date(`${text}+05:30`);

describe("the Indian financial year and its quarters, in India time", () => {
  it("runs from 1 April to 31 March", () => {
    expect(financialYearOf(india("2026-04-01T00:00:00")).label).toBe("2026-27");
    expect(financialYearOf(india("2026-03-31T23:59:59")).label).toBe("2025-26");
    expect(financialYearOf(india("2027-01-15T10:00:00")).label).toBe("2026-27");
    expect(financialYearOf(india("2099-12-31T10:00:00")).label).toBe("2099-00");
    // 31 March 20:00 UTC is already 1 April in India.
    expect(financialYearOf(new Date("2026-03-31T20:00:00Z")).label).toBe("2026-27");
  });

  it("puts a November payout in Q3, January in Q4, April in Q1", () => {
    expect(financialQuarterOf(india("2026-11-20T12:00:00")).label).toBe("FY2026-27 Q3");
    expect(financialQuarterOf(india("2027-01-02T12:00:00")).label).toBe("FY2026-27 Q4");
    expect(financialQuarterOf(india("2027-03-31T23:59:59")).label).toBe("FY2026-27 Q4");
    expect(financialQuarterOf(india("2026-04-01T00:00:00")).label).toBe("FY2026-27 Q1");
    expect(financialQuarterOf(india("2026-09-30T23:59:59")).label).toBe("FY2026-27 Q2");
  });

  it("bounds a quarter at India midnights", () => {
    const q3 = financialQuarter(2026, 3);
    expect([q3.from, q3.to]).toEqual([india("2026-10-01T00:00:00"), india("2027-01-01T00:00:00")]);
    const q4 = financialQuarter(2026, 4);
    expect([q4.from, q4.to]).toEqual([india("2027-01-01T00:00:00"), india("2027-04-01T00:00:00")]);
    expect(financialQuarter(2026, 1).from).toEqual(financialYearOf(india("2026-05-01T00:00:00")).from);
  });

  it("reads exactly 'FY2026-27 Q3' and nothing else", () => {
    expect(parseFinancialQuarter("FY2026-27 Q3")?.from).toEqual(india("2026-10-01T00:00:00"));
    expect(parseFinancialQuarter("FY2099-00 Q1")?.label).toBe("FY2099-00 Q1");
    for (const text of ["2026-Q4", "2026-Q5", "FY2026-27 Q9", "FY2026-27 Q0", "FY2026-28 Q1", "FY2026-2027 Q1", "fy2026-27 q3", "FY2026-27Q3", " FY2026-27 Q3", "FY2026-27 Q3 ", "FY1999-00 Q1", "FY2026-27 Q3\u0000", "FY2026-27 Q3'; drop table prize_claims;--", ""]) {
      expect(parseFinancialQuarter(text), text).toBeNull();
    }
  });
});
