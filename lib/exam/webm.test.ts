import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { webmSliceKind } from "./webm";

/** Slices of 3.5 s recordings by Chromium's MediaRecorder with a 1 s timeslice, as the exam records. */
function recorded(codec: "vp8" | "vp9"): Uint8Array[] {
  return [0, 1, 2, 3].map((index) => new Uint8Array(readFileSync(path.join(import.meta.dirname, `../../tests/fixtures/recording/chromium-${codec}-${index}.webm`))));
}

describe("webmSliceKind", () => {
  it.each(["vp9", "vp8"] as const)("takes every slice of a real %s recording", (codec) => {
    const slices = recorded(codec);
    expect(slices.map(webmSliceKind)).toEqual(["header", "continuation", "continuation", "continuation"]);
  });

  it("takes slices cut at element boundaries, as a recorder cutting at clusters sends them", () => {
    const whole = Buffer.concat(recorded("vp9"));
    const clusters: number[] = [];
    for (let at = whole.indexOf("1f43b675", 0, "hex"); at !== -1; at = whole.indexOf("1f43b675", at + 1, "hex")) clusters.push(at);
    expect(clusters.length).toBeGreaterThan(1);
    expect(webmSliceKind(whole.subarray(0, clusters[1]))).toBe("header");
    expect(webmSliceKind(whole.subarray(clusters[1]))).toBe("continuation");
    // A single SimpleBlock from inside a cluster, and that block's ID left on the previous slice.
    const block = whole.indexOf(0xa3, clusters[1] + 12);
    expect(webmSliceKind(whole.subarray(block))).toBe("continuation");
  });

  it("refuses what is not WebM", () => {
    const [header, second] = recorded("vp9");
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    const matroska = Buffer.from(header);
    matroska.write("matr", matroska.indexOf("webm"));
    for (const bytes of [
      new Uint8Array(0),
      new Uint8Array(4096).fill(0),
      new Uint8Array(4096).fill(7),
      jpeg,
      new TextEncoder().encode("#!/bin/sh\necho hello from a shell script that pretends to be video\n"),
      new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new Array(60).fill(1)]),
      matroska,
      // The real header with junk where its clusters should be.
      Buffer.concat([header.subarray(0, 300), Buffer.alloc(2000, 0x42)]),
      // A real slice with junk after its first block.
      Buffer.concat([second.subarray(0, 200), Buffer.alloc(2000, 0x42)]),
    ]) {
      expect(webmSliceKind(bytes)).toBeNull();
    }
  });
});
