import { crc32 } from "node:zlib";
import { encodeGreyPng } from "@/lib/seed/diagram";

/**
 * A PNG whose header declares `width` × `height` pixels around the compressed data of one pixel:
 * a few dozen bytes that a decoder would still size its work by. The IHDR's size and checksum are
 * rewritten in a real 1×1 PNG, so every byte but the missing pixel data is as an encoder writes it.
 */
export function pngDeclaring(width: number, height: number): Buffer<ArrayBuffer> {
  const png = Buffer.from(encodeGreyPng(1, 1, new Uint8Array([128])));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  // The IHDR chunk's CRC covers its type and data: bytes 12 to 29.
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
