import { inflateSync } from "node:zlib";

/**
 * The text drawn on a PDF made by pdf-lib with its standard fonts, one string per drawText, in
 * order: its content streams are deflated and each text is a hex string shown with Tj. Enough to
 * check what a statement or certificate says; not a general PDF reader. Also used by e2e/.
 */
export function pdfTexts(bytes: Uint8Array): string[] {
  const data = Buffer.from(bytes);
  const texts: string[] = [];
  let at = 0;
  for (;;) {
    const start = data.indexOf("stream", at, "latin1");
    if (start < 0) break;
    const bodyStart = start + (data[start + 6] === 0x0d ? 8 : 7);
    const end = data.indexOf("endstream", bodyStart, "latin1");
    if (end < 0) break;
    at = end + 9;
    if (data.subarray(start - 3, start).toString("latin1") === "end") continue;
    let content: string;
    try {
      content = inflateSync(data.subarray(bodyStart, end)).toString("latin1");
    } catch {
      content = data.subarray(bodyStart, end).toString("latin1");
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) texts.push(Buffer.from(match[1], "hex").toString("latin1"));
    for (const match of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) texts.push(match[1].replace(/\\(.)/g, "$1"));
  }
  return texts;
}
