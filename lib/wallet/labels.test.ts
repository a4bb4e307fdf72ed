import { describe, expect, it } from "vitest";
import { REASONS, transactionKind, transactionPurpose } from "./schemas";

const row = (type: "credit" | "debit" | "form pay", mode: "upi" | "wallet", reason: string, quizTitle: string | null = null) => ({ type, mode, reason, quizTitle });

describe("the ledger's labels", () => {
  it("reads the stored wallet reasons as words, never as their codes", () => {
    expect(transactionPurpose(row("credit", "upi", REASONS.topUp))).toBe("Money added to wallet");
    expect(transactionPurpose(row("debit", "upi", REASONS.withdrawal))).toBe("Withdrawal from wallet");
    expect(transactionPurpose(row("credit", "wallet", REASONS.referral))).toBe("Referral reward");
  });

  it("names the quiz an entry fee paid for, by UPI or from the wallet", () => {
    expect(transactionPurpose(row("form pay", "upi", "paid for Olympiad competition season 2", "Season 2"))).toBe("Entry fee for Season 2");
    expect(transactionPurpose(row("form pay", "wallet", "paid for Olympiad competition season 2", "Season 2"))).toBe("Entry fee for Season 2");
  });

  it("shows a reason it has no label for as a sentence: stored words as they are, a code spelt out", () => {
    expect(transactionPurpose(row("form pay", "upi", "paid for Olympiad competition season 2"))).toBe("Paid for Olympiad competition season 2");
    expect(transactionPurpose(row("credit", "wallet", "entryFeeRefund"))).toBe("Entry fee refund");
  });

  it("says which way the money went and how, instead of 'form pay' or 'upi'", () => {
    expect(transactionKind(row("credit", "upi", REASONS.topUp))).toBe("Added by UPI");
    expect(transactionKind(row("credit", "wallet", REASONS.referral))).toBe("Credited to wallet");
    expect(transactionKind(row("debit", "upi", REASONS.withdrawal))).toBe("Paid out by UPI");
    expect(transactionKind(row("form pay", "upi", "paid for Olympiad competition season 2"))).toBe("Paid by UPI");
    expect(transactionKind(row("form pay", "wallet", "paid for Olympiad competition season 2"))).toBe("Paid from wallet");
  });
});
