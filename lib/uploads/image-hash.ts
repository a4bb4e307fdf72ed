import "server-only";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { MAX_IMAGE_PIXELS } from "./schemas";

/** Fingerprints of a payment screenshot: the exact file, and the picture whatever its encoding. */
export interface ImageFingerprint {
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  /** 64-bit difference hash as a signed bigint (PostgreSQL's bigint), or null when the image cannot be decoded. */
  dhash: bigint | null;
  /** dHashes of standard crops of the image (CROPS), for matching a cropped copy either way round. */
  dhashCrops: bigint[] | null;
}

/** The crops a payer most often makes of a phone screenshot: the status bar, the buttons, the margins. */
const CROPS = [
  { top: 0.1, bottom: 0, side: 0 },
  { top: 0, bottom: 0.1, side: 0 },
  { top: 0.05, bottom: 0.05, side: 0.05 },
];

/**
 * dHash: greyscale, shrink to 9×8 ignoring the aspect ratio, and set one bit per pair of
 * horizontally adjacent pixels (left brighter than right). Re-encoding at another quality or
 * cropping a margin moves only a few of the 64 bits; a different picture moves about half.
 */
async function differenceHash(bytes: Uint8Array, crop?: (typeof CROPS)[number]): Promise<bigint> {
  // checkedImage refused what the header declares past the limit; this holds a header it could not read to it too.
  let image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  if (crop) {
    const { width = 0, height = 0 } = await image.metadata();
    const left = Math.round(width * crop.side);
    const top = Math.round(height * crop.top);
    image = sharp(await image.extract({ left, top, width: width - 2 * left, height: height - top - Math.round(height * crop.bottom) }).toBuffer());
  }
  const pixels = await image.greyscale().resize(9, 8, { fit: "fill", kernel: "lanczos3" }).raw().toBuffer();
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

export async function fingerprintImage(bytes: Uint8Array): Promise<ImageFingerprint> {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  try {
    return { sha256, dhash: await differenceHash(bytes), dhashCrops: await Promise.all(CROPS.map((crop) => differenceHash(bytes, crop))) };
  } catch {
    // A file whose magic bytes say image but sharp cannot decode still gets its exact hash.
    return { sha256, dhash: null, dhashCrops: null };
  }
}
