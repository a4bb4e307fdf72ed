import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { prizeClaims, quizzes, resultRows, users } from "@/db/schema";
import { authorize, service } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { Conflict, NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { financialYearOf } from "./tax";

/** The standard fonts encode WinAnsi only: the rupee sign and the mask's dots are spelt out. */
const pdfText = (value: string) => value.replace(/₹/g, "Rs. ").replace(/•/g, "*").replace(/[^\x20-\x7E]/g, "?");
const amount = (paise: number) => `Rs. ${new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100)}`;
const day = (date: Date) => new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "long" }).format(date);

const NOT_CONFIGURED = "not configured";

/** Words of `text` in lines of at most `width` characters (the address). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length ? lines : [""];
}

/**
 * The winner's payout statement (PDF): the deductor (name, address and TAN from configuration, or
 * "not configured", never invented), the deductee, the prize, the tax withheld under its section
 * for its financial year and on what basis, the net paid, and the bank reference, of the winner's
 * latest paid claim.
 */
export const payoutStatement = service("prizes.claim", async (actor, quizId: string, participantId: string = actor.id) => {
  authorize(actor, "prizes.claim", participantId);
  const db = await getDb();
  const [row] = await db
    .select({ claim: prizeClaims, name: users.name, email: users.email, title: quizzes.title, rank: resultRows.rank })
    .from(prizeClaims)
    .innerJoin(users, eq(users.id, prizeClaims.participantId))
    .innerJoin(quizzes, eq(quizzes.id, prizeClaims.quizId))
    .innerJoin(resultRows, and(eq(resultRows.quizId, prizeClaims.quizId), eq(resultRows.revision, prizeClaims.revision), eq(resultRows.participantId, prizeClaims.participantId)))
    .where(and(eq(prizeClaims.quizId, quizId), eq(prizeClaims.participantId, participantId)))
    // The latest paid claim: a revision that raised a paid prize pays the difference on a claim of its own.
    .orderBy(sql`${prizeClaims.paidAt} desc nulls last`)
    .limit(1);
  if (!row) throw new NotFound(message("prizeClaimNotFound"));
  const { claim } = row;
  if (claim.status !== "paid" || !claim.paidAt) throw new Conflict(message("prizeClaimNotPaid"));

  const pdf = await PDFDocument.create();
  pdf.setTitle(`Prize payout statement - ${pdfText(row.title)}`);
  pdf.setAuthor(pdfText(config.brand.name));
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const line = (text: string, options: { size?: number; font?: typeof regular; gap?: number } = {}) => {
    page.drawText(pdfText(text), { x: 56, y, size: options.size ?? 11, font: options.font ?? regular, color: rgb(0.1, 0.1, 0.15) });
    y -= options.gap ?? 20;
  };
  const pair = (label: string, value: string) => {
    page.drawText(pdfText(label), { x: 56, y, size: 11, font: regular, color: rgb(0.35, 0.35, 0.4) });
    page.drawText(pdfText(value), { x: 260, y, size: 11, font: bold, color: rgb(0.1, 0.1, 0.15) });
    y -= 20;
  };
  const { deductor } = config.payouts;
  const financialYear = claim.financialYear ?? financialYearOf(claim.paidAt).label;
  const basis = claim.taxBasis === "gross" ? "of the prizes" : claim.taxBasis === "net" ? "of net winnings" : "";
  line(config.brand.name, { size: 20, font: bold, gap: 28 });
  line("Prize payout statement", { size: 14, font: bold, gap: 28 });
  line("Deductor", { font: bold });
  pair("Name", deductor.name ?? NOT_CONFIGURED);
  wrap(deductor.address ?? NOT_CONFIGURED, 48).forEach((part, index) => pair(index === 0 ? "Address" : "", part));
  pair("TAN", deductor.tan ?? NOT_CONFIGURED);
  y -= 10;
  line("Deductee", { font: bold });
  pair("Winner", row.name);
  pair("Email", row.email);
  pair("PAN", claim.panMasked);
  pair("Quiz", row.title);
  pair("Rank", String(row.rank));
  y -= 10;
  pair("Financial year", financialYear);
  pair("Section", claim.taxSection);
  pair("Prize (amount paid or credited)", amount(claim.grossPaise));
  pair(`Tax withheld (${(claim.taxRateBasisPoints / 100).toFixed(2)} %${basis ? ` ${basis}` : ""})`, amount(claim.taxPaise));
  pair("Net amount paid", amount(claim.netPaise));
  y -= 10;
  pair("Paid to", `${claim.method === "upi" ? "UPI" : "Bank account"} ${claim.accountMasked}`);
  pair("Paid on", day(claim.paidAt));
  pair("Bank reference", claim.bankReference ?? "");
  pair("Statement for claim", claim.id);
  y -= 20;
  if (claim.taxBasis === "net") {
    line(`Tax is ${(claim.taxRateBasisPoints / 100).toFixed(2)} % of your net winnings of financial year ${financialYear} to date (prizes less entry fees paid),`, { size: 9, gap: 12 });
    line("rounded to the rupee, less the tax already withheld from your earlier prizes of that year.", { size: 9 });
  }
  line(`The tax withheld is deposited with the Income Tax Department against the PAN above and reported in the quarterly TDS return.`, { size: 9 });
  line(`Questions: ${config.brand.supportEmail}`, { size: 9 });
  return pdf.save();
});
