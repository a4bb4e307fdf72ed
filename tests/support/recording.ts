import { readFileSync } from "node:fs";
import path from "node:path";

const fixtures = path.join(import.meta.dirname, "../fixtures/recording");

/** The four 1 s slices of a short recording by Chromium's MediaRecorder (vp9 and opus), as the exam uploads them. */
export const RECORDED_SLICES: Buffer[] = [0, 1, 2, 3].map((index) => readFileSync(path.join(fixtures, `chromium-vp9-${index}.webm`)));

/** The first slice of a recording: the WebM header, then the start of the first cluster. */
export const WEBM_HEADER_SLICE = RECORDED_SLICES[0];

/** Another recording's first slice (vp8), as a reloaded page's new recorder sends it. */
export const NEW_RECORDING_HEADER_SLICE = readFileSync(path.join(fixtures, "chromium-vp8-0.webm"));

/**
 * A later slice of `size` bytes: one WebM SimpleBlock (track 1) whose frame bytes are `fill`,
 * the way a recorder cutting at element boundaries sends it.
 */
export function webmContinuation(size: number, fill = 1): Buffer {
  const header = Buffer.alloc(13);
  header[0] = 0xa3; // SimpleBlock
  header[1] = 0x01; // an 8-byte size
  header.writeUIntBE(size - 9, 3, 6);
  header.writeUInt8(0x81, 9); // track 1
  header.writeUInt16BE(0, 10); // timecode
  header.writeUInt8(0x80, 12); // keyframe
  return Buffer.concat([header, Buffer.alloc(size - header.length, fill)]);
}
