/**
 * Is a recording slice WebM? A MediaRecorder started with a timeslice hands out its file in
 * pieces: the first starts with the EBML header (a new segment: the first slice, or the first
 * after a reload), every later one continues the same file.
 *
 * A piece ends wherever the recorder's muxer was writing when the timeslice ran out. Chrome's
 * muxer (libwebm) writes every ID, size and block-header number a byte at a time and each frame
 * whole, and a piece ends after any of those writes: usually right after a block's ID (0xA3),
 * so the next piece starts with the block's size, but under load anywhere, even one byte into
 * the file's header. A recorder that cuts at clusters (Firefox) starts each piece with an
 * element. So a piece is checked as: maybe the rest of an element cut before it, then a run of
 * whole WebM elements walked by their sizes, then maybe the start of one more, of which a block
 * may show only its header here (a frame is never split). Frame data itself is not decoded.
 */

export type SliceKind = "header" | "continuation";

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
/** Elements whose children follow their header in the stream (their size may be unknown). */
const ENTERED = new Set([SEGMENT, CLUSTER]);
/** What a live WebM file holds at the segment and cluster levels; anything else is refused. */
const KNOWN = new Set([
  EBML,
  SEGMENT,
  0x114d9b74, // SeekHead
  0x1549a966, // Info
  0x1654ae6b, // Tracks
  0x1c53bb6b, // Cues
  0x1254c367, // Tags
  0x1043a770, // Chapters
  0x1941a469, // Attachments
  CLUSTER,
  0xe7, // Timecode
  0xa7, // Position
  0xab, // PrevSize
  0x5854, // SilentTracks
  0xa3, // SimpleBlock
  0xa0, // BlockGroup
  0xaf, // EncryptedBlock
  0xec, // Void
  0xbf, // CRC-32
]);
const SIMPLE_BLOCK = 0xa3;
/** Of a block cut at a piece's end, only its header may be here: track, timecode, flags. */
const CUT_BLOCK_BYTES = 4;
/** A piece that starts inside a cut frame must then hold at least this many whole elements. */
const ELEMENTS_AFTER_RESYNC = 2;

type Read = { value: number; length: number; unknown?: boolean } | "truncated" | "invalid";

/** An EBML variable-length number at `at`: an element ID (marker kept) or a size (marker dropped). */
function readVint(bytes: Uint8Array, at: number, maxLength: number, keepMarker: boolean): Read {
  if (at >= bytes.length) return "truncated";
  const first = bytes[at];
  const length = Math.clz32(first) - 23;
  if (first === 0 || length > maxLength) return "invalid";
  if (at + length > bytes.length) return "truncated";
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index++) {
    value = value * 256 + bytes[at + index];
    allOnes &&= bytes[at + index] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/**
 * Walks elements from `at` to the end of the piece and answers how many whole ones it passed,
 * or -1 if something there is not WebM. `failed` remembers starting points already known to
 * fail, so trying many starting points stays linear in the piece's length.
 */
function walk(bytes: Uint8Array, at: number, failed?: Uint8Array): number {
  const visited: number[] = [];
  let elements = 0;
  const fail = () => {
    if (failed) for (const position of visited) failed[position] = 1;
    return -1;
  };
  while (at < bytes.length) {
    if (failed?.[at]) return fail();
    visited.push(at);
    const id = readVint(bytes, at, 4, true);
    if (id === "truncated") return elements; // cut inside the next element's ID
    if (id === "invalid" || !KNOWN.has(id.value)) return fail();
    const size = readVint(bytes, at + id.length, 8, false);
    if (size === "truncated") return elements; // cut right after the ID
    if (size === "invalid") return fail();
    at += id.length + size.length;
    if (ENTERED.has(id.value)) continue;
    if (size.unknown) return fail();
    // Cut at the piece's end: a block only before its frame; the header's elements and a
    // block group are written in several writes, so anywhere.
    if (at + size.value > bytes.length) return id.value !== SIMPLE_BLOCK || bytes.length - at <= CUT_BLOCK_BYTES ? elements : fail();
    at += size.value;
    elements++;
  }
  return elements;
}

const EBML_ID_BYTES = [0x1a, 0x45, 0xdf, 0xa3];

/** The start of a WebM file, however little of it this piece holds. */
function isWebmHeader(bytes: Uint8Array): boolean {
  if (!EBML_ID_BYTES.slice(0, bytes.length).every((byte, index) => bytes[index] === byte)) return false;
  const size = readVint(bytes, 4, 8, false);
  if (size === "truncated") return true;
  // An EBML header holds a few short fields (Chrome's is 31 bytes).
  if (size === "invalid" || size.unknown || size.value > 255) return false;
  const end = 4 + size.length + size.value;
  if (end > bytes.length) return true; // cut inside the EBML header itself
  // The header's DocType must say webm (Matroska's "matroska" is not what the player expects).
  let at = 4 + size.length;
  let docType = "";
  while (at < end) {
    const child = readVint(bytes, at, 4, true);
    const length = typeof child === "string" ? child : readVint(bytes, at + child.length, 8, false);
    if (typeof child === "string" || typeof length === "string") return false;
    const body = at + child.length + length.length;
    if (child.value === DOC_TYPE) docType = new TextDecoder().decode(bytes.subarray(body, body + length.value));
    at = body + length.value;
  }
  return docType === "webm" && walk(bytes, end) >= 0;
}

/** A piece that starts with an element's size, its ID having ended the previous piece (Chrome's usual cut). */
function continuesAfterId(bytes: Uint8Array): boolean {
  const size = readVint(bytes, 0, 8, false);
  if (typeof size === "string") return false;
  if (size.unknown) return walk(bytes, size.length) >= 0; // a cluster's
  // A block's body starts with its track number (a one-byte vint for the first 127 tracks).
  if (size.value < 4 || bytes[size.length] < 0x81) return false;
  return size.length + size.value <= bytes.length && walk(bytes, size.length + size.value) >= 0;
}

/** A piece that starts anywhere else inside an element cut before it: find where whole elements resume. */
function resumesAfterCutBlock(bytes: Uint8Array): boolean {
  const failed = new Uint8Array(bytes.length);
  for (let at = 1; at < bytes.length; at++) {
    if (!KNOWN.has(bytes[at]) && bytes[at] !== 0x1f) continue; // a block's ID (one byte) or a cluster's
    if (walk(bytes, at, failed) >= ELEMENTS_AFTER_RESYNC) return true;
  }
  return false;
}

/** "header" for a slice that starts a WebM file, "continuation" for one that goes on with it, null for neither. */
export function webmSliceKind(bytes: Uint8Array): SliceKind | null {
  if (bytes.length === 0) return null;
  // What starts like a file must be a WebM header (a piece may hold as little as its first byte).
  if (bytes[0] === EBML_ID_BYTES[0] && (bytes.length === 1 || bytes[1] === EBML_ID_BYTES[1])) return isWebmHeader(bytes) ? "header" : null;
  const id = readVint(bytes, 0, 4, true);
  const startsWithElement = typeof id !== "string" && KNOWN.has(id.value) && walk(bytes, 0) >= 1;
  return startsWithElement || continuesAfterId(bytes) || resumesAfterCutBlock(bytes) ? "continuation" : null;
}
