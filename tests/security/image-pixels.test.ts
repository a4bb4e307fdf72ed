import { describe, expect, it } from "vitest";
import { message } from "@/lib/catalogue";
import { encodeGreyPng } from "@/lib/seed/diagram";
import { pngDeclaring } from "@/tests/support/images";
import { checkedImage } from "@/lib/uploads/checked-image";
import { fingerprintImage } from "@/lib/uploads/image-hash";
import { MAX_IMAGE_PIXELS } from "@/lib/uploads/schemas";

const TOO_MANY_PIXELS = "The image is too large: it may have at most 40 megapixels (8000 × 5000, say). Please upload a smaller image.";
const check = (bytes: Uint8Array) => checkedImage(new File([new Uint8Array(bytes)], "image"), message("questionImageRequired"));

/** Little-endian, as GIF and WebP write their sizes. */
const le16 = (value: number) => [value & 0xff, value >> 8];
const be16 = (value: number) => [value >> 8, value & 0xff];
const riff = (chunk: string, body: number[]) => Uint8Array.from([...Buffer.from("RIFF"), 0, 0, 0, 0, ...Buffer.from("WEBP"), ...Buffer.from(chunk), 0, 0, 0, 0, ...body, ...new Array(16).fill(0)]);
/** A baseline JPEG's start and its frame header, after a JFIF segment. */
const jpeg = (width: number, height: number) =>
  Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xc0, 0x00, 0x11, 0x08, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
const gif = (width: number, height: number) => Uint8Array.from([...Buffer.from("GIF89a"), ...le16(width), ...le16(height), 0, 0, 0, 0]);
const webpExtended = (width: number, height: number) => {
  const [w, h] = [width - 1, height - 1];
  return riff("VP8X", [0, 0, 0, 0, w & 0xff, (w >> 8) & 0xff, w >> 16, h & 0xff, (h >> 8) & 0xff, h >> 16]);
};
const webpLossy = (width: number, height: number) => riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height)]);
const webpLossless = (width: number, height: number) => {
  const bits = (width - 1) | ((height - 1) << 14);
  return riff("VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff]);
};

describe("an uploaded image's pixel count, read from its header before anything decodes it", () => {
  it.each([
    ["PNG", pngDeclaring],
    ["JPEG", jpeg],
    ["GIF", gif],
    ["WebP (extended)", webpExtended],
    ["WebP (lossy)", webpLossy],
    ["WebP (lossless)", webpLossless],
  ])("refuses a %s declaring more than 40 megapixels, and takes one of 40 exactly", async (_format, declaring) => {
    await expect(check(declaring(8000, 5001))).rejects.toThrow(TOO_MANY_PIXELS);
    await expect(check(declaring(16_000, 16_000))).rejects.toThrow(TOO_MANY_PIXELS);
    await expect(check(declaring(8000, 5000))).resolves.toMatchObject({ bytes: expect.any(Uint8Array) });
  });

  it("holds the decoder to the same limit, for a header the check could not read", async () => {
    // A real PNG one row past the limit, complete: only the decoder's own limit stops its decoding.
    const tall = encodeGreyPng(8000, MAX_IMAGE_PIXELS / 8000 + 1, new Uint8Array(8000 * (MAX_IMAGE_PIXELS / 8000 + 1)));
    expect(await fingerprintImage(tall)).toMatchObject({ dhash: null, dhashCrops: null });
    expect((await fingerprintImage(encodeGreyPng(90, 80, new Uint8Array(90 * 80).fill(200)))).dhash).not.toBeNull();
  });
});
