/** Where an upload is served, to its owner and admins only. */
export function uploadUrl(id: string): string {
  return `/api/files/${id}`;
}

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * The most pixels an uploaded image may declare: a phone's largest photos (8000 × 5000) fit. A few
 * kilobytes of compressed PNG can declare 16000 × 16000, a gigabyte and tens of seconds to decode.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

const SIGNATURES: { contentType: string; extension: string; matches: (bytes: Uint8Array) => boolean }[] = [
  { contentType: "image/jpeg", extension: "jpg", matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    contentType: "image/png",
    extension: "png",
    matches: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte),
  },
  { contentType: "image/gif", extension: "gif", matches: (b) => ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a" },
  { contentType: "image/webp", extension: "webp", matches: (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
];

/** Bytes `start` to `end` as text: where a file format writes its name (GIF87a, RIFF, IHDR). */
export function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** The image type read from the file's own bytes; the name and the client's type are ignored. */
export function detectImageType(bytes: Uint8Array): { contentType: string; extension: string } | null {
  const found = SIGNATURES.find((signature) => bytes.length >= 12 && signature.matches(bytes));
  return found ? { contentType: found.contentType, extension: found.extension } : null;
}
