import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { textsIn } from "@/lib/i18n";
import { newVerificationId } from "./certificates";
import { resultLine } from "./schemas";
import { pdfSafe } from "./pdf";

describe("certificate contents", () => {
  it("names a cash prize in rupees, a free pass, and otherwise participation", async () => {
    const t = await textsIn("en", "certificates");
    expect(resultLine({ rank: 1, prizePaise: 10_000_000, freePass: false }, t)).toEqual({ text: "Rank 1, prize ₹1,00,000", winner: true });
    expect(resultLine({ rank: 4, prizePaise: 0, freePass: true }, t)).toEqual({ text: "Rank 4, a free pass to the next quiz", winner: true });
    expect(resultLine({ rank: 9, prizePaise: 0, freePass: false }, t)).toEqual({ text: "Participation", winner: false });
  });

  it("says them in Hindi on a Hindi page", async () => {
    const t = await textsIn("hi", "certificates");
    expect(resultLine({ rank: 4, prizePaise: 0, freePass: true }, t).text).toBe("रैंक 4, अगले क्विज़ के लिए निःशुल्क पास");
    expect(resultLine({ rank: 9, prizePaise: 0, freePass: false }, t).text).toBe("सहभागिता");
  });

  it("draws any name with the standard fonts, losing accents rather than failing", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(pdfSafe("Ananya Rāo", font)).toBe("Ananya Rao");
    expect(pdfSafe("José", font)).toBe("José");
    expect(pdfSafe("₹500", font)).toBe("Rs. 500");
    expect(pdfSafe("अनन्या", font)).toMatch(/^\?+$/);
  });

  it("makes verification ids of 128 random bits, never the same twice", () => {
    const ids = new Set(Array.from({ length: 1000 }, newVerificationId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
