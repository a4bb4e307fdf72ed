import "server-only";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";
import { config } from "@/lib/config";

/** What a certificate says, and where its QR code points. */
export interface CertificateContent {
  name: string;
  quizTitle: string;
  /** "Participation", or the rank and prize. */
  result: string;
  winner: boolean;
  date: string;
  verificationUrl: string;
  /** The SHA-256 digest the quiz's results were published with: checkable against the public results file. */
  digest: string;
}

function colour(hex: string) {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}

/**
 * The standard PDF fonts cover only Windows-1252: the rupee sign becomes "Rs.", letters with
 * accents outside it lose them, and anything still unencodable becomes "?", so a name in any
 * script still yields a certificate (the verification page shows it exactly).
 */
export function pdfSafe(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replaceAll("₹", "Rs. ")]
    .map((character) => {
      if (supported.has(character.codePointAt(0)!)) return character;
      const stripped = character.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      return [...stripped].every((part) => supported.has(part.codePointAt(0)!)) && stripped ? stripped : "?";
    })
    .join("");
}

function centred(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = rgb(0.1, 0.1, 0.15)) {
  const safe = pdfSafe(text, font);
  let fitted = size;
  while (fitted > 8 && font.widthOfTextAtSize(safe, fitted) > page.getWidth() - 140) fitted -= 1;
  page.drawText(safe, { x: (page.getWidth() - font.widthOfTextAtSize(safe, fitted)) / 2, y, size: fitted, font, color });
}

/** An A4 landscape certificate in the brand's colours, with a QR code to its verification page. */
export async function renderCertificate(content: CertificateContent): Promise<Uint8Array> {
  const { brand } = config;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${brand.name} certificate: ${content.name}, ${content.quizTitle}`);
  pdf.setSubject(`${content.name}: ${content.result}`);
  pdf.setAuthor(brand.name);
  pdf.setKeywords([content.name, content.quizTitle, content.result, content.verificationUrl]);
  pdf.setCreator(brand.name);
  const page = pdf.addPage([842, 595]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const primary = colour(brand.primaryColor);
  const accent = colour(brand.accentColor);
  const { width, height } = page.getSize();

  page.drawRectangle({ x: 20, y: 20, width: width - 40, height: height - 40, borderColor: primary, borderWidth: 6 });
  page.drawRectangle({ x: 32, y: 32, width: width - 64, height: height - 64, borderColor: accent, borderWidth: 1.5 });

  centred(page, brand.name, height - 95, bold, 30, primary);
  centred(page, brand.tagline, height - 120, regular, 12, accent);
  centred(page, content.winner ? "Certificate of Achievement" : "Certificate of Participation", height - 175, bold, 26);
  centred(page, "This certifies that", height - 215, regular, 14);
  centred(page, content.name, height - 260, bold, 32, primary);
  centred(page, content.winner ? "achieved the following result in" : "took part in", height - 295, regular, 14);
  centred(page, content.quizTitle, height - 330, bold, 20);
  centred(page, content.result, height - 365, bold, 18, accent);
  centred(page, `Date: ${content.date}`, height - 395, regular, 12);

  // The QR code, drawn module by module so it stays sharp at any zoom.
  const qr = QRCode.create(content.verificationUrl, { errorCorrectionLevel: "M" });
  const modules = qr.modules.size;
  const side = 96;
  const cell = side / modules;
  const left = width - 60 - side;
  const bottom = 55;
  page.drawRectangle({ x: left - 4, y: bottom - 4, width: side + 8, height: side + 8, color: rgb(1, 1, 1) });
  for (let row = 0; row < modules; row++) {
    for (let column = 0; column < modules; column++) {
      if (qr.modules.get(row, column)) {
        page.drawRectangle({ x: left + column * cell, y: bottom + side - (row + 1) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
      }
    }
  }
  page.drawText("Results digest (SHA-256):", { x: 60, y: 112, size: 10, font: bold, color: primary });
  page.drawText(content.digest, { x: 60, y: 98, size: 8, font: regular, color: rgb(0.2, 0.2, 0.25) });
  page.drawText("Verify this certificate:", { x: 60, y: 80, size: 10, font: bold, color: primary });
  page.drawText(pdfSafe(content.verificationUrl, regular), { x: 60, y: 64, size: 9, font: regular, color: rgb(0.2, 0.2, 0.25) });

  return pdf.save();
}
