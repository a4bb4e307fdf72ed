/** What certificates share with the screens that show them. Client-safe. */
import { formatRupeesWithSymbol } from "@/lib/money";

/** The frozen result a certificate states. */
export interface CertificateResult {
  rank: number;
  prizePaise: number;
  freePass: boolean;
}

/** The certificates texts in a language (messages/{language}/certificates.json). */
type CertificateTexts = (key: "rankPrize" | "rankFreePass" | "participation", values?: Record<string, string | number>) => string;

/**
 * A result as the certificate words it: a prize is named, any other rank is participation. The
 * PDF says it in English; the verification page (components/certificates) in the reader's language, with the same texts.
 */
export function resultLine(row: CertificateResult, t: CertificateTexts): { text: string; winner: boolean } {
  if (row.prizePaise > 0) return { text: t("rankPrize", { rank: row.rank, amount: formatRupeesWithSymbol(row.prizePaise) }), winner: true };
  if (row.freePass) return { text: t("rankFreePass", { rank: row.rank }), winner: true };
  return { text: t("participation"), winner: false };
}
