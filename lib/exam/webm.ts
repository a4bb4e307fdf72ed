/**
 * Is a recording slice WebM? A MediaRecorder started with a timeslice hands out its file in
 * pieces: the first starts with the EBML header (a new segment: the first slice, or the first
 * after a reload), every later one continues the same file. Chrome cuts its pieces right after a
 * SimpleBlock's ID byte (0xA3), so a later piece starts with that block's size; a recorder that
 * cuts at element boundaries (Firefox, at clusters) starts one with an element ID. Either way
 * the rest of the piece is a run of whole WebM elements, walked here by their sizes, and may end
 * with the next one's ID. Frame data itself is not decoded.
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
 * Walks elements from `at` to the end: each must be known and fit in the slice, except that the
 * slice may end inside the last one's ID or size (Chrome cuts after a block's ID).
 */
function walk(bytes: Uint8Array, at: number): boolean {
  while (at < bytes.length) {
    const id = readVint(bytes, at, 4, true);
    if (id === "truncated") return true;
    if (id === "invalid" || !KNOWN.has(id.value)) return false;
    const size = readVint(bytes, at + id.length, 8, false);
    if (size === "truncated") return true;
    if (size === "invalid") return false;
    at += id.length + size.length;
    if (ENTERED.has(id.value)) continue;
    if (size.unknown) return false;
    at += size.value;
  }
  return at === bytes.length;
}

function isWebmHeader(bytes: Uint8Array): boolean {
  const id = readVint(bytes, 0, 4, true);
  if (typeof id === "string" || id.value !== EBML) return false;
  const size = readVint(bytes, id.length, 8, false);
  if (typeof size === "string" || size.unknown) return false;
  const end = id.length + size.length + size.value;
  // The header's DocType must say webm (Matroska's "matroska" is not what the player expects).
  let at = id.length + size.length;
  let docType = "";
  while (at < end && at < bytes.length) {
    const child = readVint(bytes, at, 4, true);
    const length = typeof child === "string" ? child : readVint(bytes, at + child.length, 8, false);
    if (typeof child === "string" || typeof length === "string") return false;
    const body = at + child.length + length.length;
    if (child.value === DOC_TYPE) docType = new TextDecoder().decode(bytes.subarray(body, body + length.value));
    at = body + length.value;
  }
  return docType === "webm" && walk(bytes, end);
}

/** A slice that starts inside a SimpleBlock whose ID ended the previous slice (Chrome). */
function continuesSimpleBlock(bytes: Uint8Array): boolean {
  const size = readVint(bytes, 0, 8, false);
  if (typeof size === "string" || size.unknown || size.value < 4) return false;
  // The block starts with its track number (a one-byte vint for the first 127 tracks).
  const track = bytes[size.length];
  if (track === undefined || track < 0x81) return false;
  return walk(bytes, size.length + size.value);
}

/** "header" for a slice that starts a WebM file, "continuation" for one that goes on with it, null for neither. */
export function webmSliceKind(bytes: Uint8Array): SliceKind | null {
  if (bytes.length === 0) return null;
  if (isWebmHeader(bytes)) return "header";
  const id = readVint(bytes, 0, 4, true);
  const startsWithElement = typeof id !== "string" && id.value !== EBML && KNOWN.has(id.value);
  return (startsWithElement && walk(bytes, 0)) || continuesSimpleBlock(bytes) ? "continuation" : null;
}
