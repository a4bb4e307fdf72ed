import { crc32, deflateSync } from "node:zlib";

/**
 * The demo's diagram, drawn here rather than shipped as a file: a right-angled triangle with its
 * two shorter sides labelled 6 cm and 8 cm and the longest marked "?". A PNG encoder and a
 * 5×7 pixel font are all it takes.
 */

const WIDTH = 480;
const HEIGHT = 320;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A greyscale PNG of `pixels` (one byte per pixel, 0 black to 255 white, row by row). */
export function encodeGreyPng(width: number, height: number, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) rows.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

const GLYPHS: Record<string, string[]> = {
  "6": ["01110", "10000", "10000", "11110", "10001", "10001", "01110"],
  "8": ["01110", "10001", "10001", "01110", "10001", "10001", "01110"],
  c: ["00000", "00000", "01110", "10000", "10000", "10001", "01110"],
  m: ["00000", "00000", "11010", "10101", "10101", "10101", "10101"],
  "?": ["01110", "10001", "00001", "00010", "00100", "00000", "00100"],
  " ": ["00000", "00000", "00000", "00000", "00000", "00000", "00000"],
};

function distanceToSegment(x: number, y: number, [ax, ay, bx, by]: readonly number[]): number {
  const [dx, dy] = [bx - ax, by - ay];
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

/** The triangle: right angle at the bottom left, 6 cm up the left side, 8 cm along the bottom. */
export function rightTriangleDiagram(): Buffer {
  const pixels = new Uint8Array(WIDTH * HEIGHT).fill(255);
  const [left, bottom, top, right] = [90, 260, 28, 400];
  const sides = [
    [left, bottom, left, top],
    [left, bottom, right, bottom],
    [left, top, right, bottom],
  ];
  const marker = [
    [left, bottom - 24, left + 24, bottom - 24],
    [left + 24, bottom - 24, left + 24, bottom],
  ];
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const side = Math.min(...sides.map((segment) => distanceToSegment(x + 0.5, y + 0.5, segment)));
      const corner = Math.min(...marker.map((segment) => distanceToSegment(x + 0.5, y + 0.5, segment)));
      // Anti-aliased: 3 px lines for the sides, 1.5 px for the right-angle mark.
      const ink = Math.max(Math.min(1, Math.max(0, 2 - side)), Math.min(1, Math.max(0, 1.25 - corner)));
      pixels[y * WIDTH + x] = Math.round(255 * (1 - ink));
    }
  }
  const write = (text: string, x: number, y: number, scale = 4) => {
    [...text].forEach((character, index) =>
      GLYPHS[character].forEach((row, rowIndex) =>
        [...row].forEach((bit, column) => {
          if (bit !== "1") return;
          for (let dy = 0; dy < scale; dy++) {
            for (let dx = 0; dx < scale; dx++) pixels[(y + rowIndex * scale + dy) * WIDTH + x + (index * 6 + column) * scale + dx] = 0;
          }
        }),
      ),
    );
  };
  write("6 cm", 10, 134, 3);
  write("8 cm", 200, 276);
  write("?", 262, 92);
  return encodeGreyPng(WIDTH, HEIGHT, pixels);
}
