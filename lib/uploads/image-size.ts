import { ascii } from "./schemas";

/**
 * An image's pixel size read from its header, for PNG, JPEG, GIF and WebP: enough to give every
 * blog image width and height (no layout shift) without an image library. Null for anything else
 * or a header too short or damaged to trust.
 */
export interface ImageSize {
  width: number;
  height: number;
}

/** The most of a file the header readers look at: a JPEG's size sits after its metadata segments. */
export const IMAGE_HEADER_BYTES = 256 * 1024;

function valid(width: number, height: number): ImageSize | null {
  return width > 0 && height > 0 ? { width, height } : null;
}

function png(bytes: Uint8Array, view: DataView): ImageSize | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || !signature.every((byte, i) => bytes[i] === byte) || ascii(bytes, 12, 16) !== "IHDR") return null;
  return valid(view.getUint32(16), view.getUint32(20));
}

function gif(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 10 || !["GIF87a", "GIF89a"].includes(ascii(bytes, 0, 6))) return null;
  return valid(view.getUint16(6, true), view.getUint16(8, true));
}

/** Start-of-frame markers carry the size; C4 (Huffman tables), C8 and CC (arithmetic coding) do not. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpeg(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    // Fill bytes, and markers without a length (TEM, RSTn).
    if (marker === 0xff) { offset += 1; continue; }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { offset += 2; continue; }
    // Start of scan or end of image before any frame header: nothing to read.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = view.getUint16(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null;
      return valid(view.getUint16(offset + 7), view.getUint16(offset + 5));
    }
    offset += 2 + length;
  }
  return null;
}

function webp(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 12) !== "WEBP") return null;
  const chunk = ascii(bytes, 12, 16);
  if (chunk === "VP8X") {
    // 24-bit little-endian canvas size, each stored less one.
    const width = 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16));
    const height = 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16));
    return valid(width, height);
  }
  if (chunk === "VP8 ") {
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return valid(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  }
  if (chunk === "VP8L") {
    // Lossless: a signature byte, then 14-bit width and height less one, packed.
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return valid((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  return null;
}

export function imageSize(bytes: Uint8Array): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const read of [png, jpeg, gif, webp]) {
    try {
      const size = read(bytes, view);
      if (size) return size;
    } catch {
      // A header cut short reads past the end: that image has no size we can trust.
    }
  }
  return null;
}
