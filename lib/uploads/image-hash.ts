import "server-only";
import { createHash } from "node:crypto";
import sharp from "sharp";

/** Fingerprints of a payment screenshot: the exact file, and the picture whatever its encoding. */
export interface ImageFingerprint {
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  /** 64-bit difference hash as a signed bigint (PostgreSQL's bigint), or null when the image cannot be decoded. */
  dhash: bigint | null;
}

/**
 * dHash: greyscale, shrink to 9×8 ignoring the aspect ratio, and set one bit per pair of
 * horizontally adjacent pixels (left brighter than right). Re-encoding at another quality or
 * cropping a margin moves only a few of the 64 bits; a different picture moves about half.
 */
export async function differenceHash(bytes: Uint8Array): Promise<bigint> {
  const pixels = await sharp(bytes).rotate().greyscale().resize(9, 8, { fit: "fill", kernel: "lanczos3" }).raw().toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) {
      const left = pixels[row * 9 + column];
      const right = pixels[row * 9 + column + 1];
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** Bits that differ between two dHashes. */
export function hammingDistance(a: bigint, b: bigint): number {
  let difference = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (difference) {
    bits += Number(difference & 1n);
    difference >>= 1n;
  }
  return bits;
}

export async function fingerprintImage(bytes: Uint8Array): Promise<ImageFingerprint> {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  try {
    return { sha256, dhash: await differenceHash(bytes) };
  } catch {
    // A file whose magic bytes say image but sharp cannot decode still gets its exact hash.
    return { sha256, dhash: null };
  }
}
