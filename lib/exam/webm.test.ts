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

  it("takes pieces cut after any of the writes that make up a block, as Chrome under load cuts them", () => {
    const slices = recorded("vp9");
    const whole = Buffer.concat(slices);
    const starts = slices.map((_, index) => slices.slice(0, index).reduce((sum, slice) => sum + slice.length, 0));
    for (const index of [1, 2, 3]) {
      // Chrome cut this recording right after a block's ID: the block's header and frame follow.
      const boundary = starts[index];
      expect(whole[boundary - 1]).toBe(0xa3);
      const sizeLength = Math.clz32(whole[boundary]) - 23;
      const writes = [boundary - 1, boundary, boundary + sizeLength, boundary + sizeLength + 1, boundary + sizeLength + 3, boundary + sizeLength + 4];
      const before = index === 1 ? "header" : "continuation";
      const end = index + 1 < starts.length ? starts[index + 1] : whole.length;
      for (const cut of writes) {
        expect(webmSliceKind(whole.subarray(starts[index - 1], cut)), `piece before a cut at ${cut}`).toBe(before);
        expect(webmSliceKind(whole.subarray(cut, end)), `piece after a cut at ${cut}`).toBe("continuation");
      }
    }
  });

  it("takes a recording cut anywhere in its file header, down to a first slice of one byte", () => {
    const slices = recorded("vp9");
    const [header] = slices;
    const firstTwo = Buffer.concat(slices.slice(0, 2));
    const cluster = Buffer.from(header).indexOf("1f43b675", 0, "hex");
    expect(cluster).toBeGreaterThan(40);
    // Through the file header, the first cluster's header and timecode, and the headers of the
    // block group holding the first frame: 1f43b675 01ffffffffffffff e78100 a040f2 a14090 81000000.
    const firstFrame = cluster + 4 + 8 + 3 + 3 + 3 + 4;
    expect(Buffer.from(header.subarray(cluster + 15, firstFrame)).toString("hex")).toMatch(/^a0....a1....81000000$/);
    for (let cut = 1; cut <= firstFrame; cut++) {
      expect(webmSliceKind(firstTwo.subarray(0, cut)), `first piece cut at ${cut}`).toBe("header");
      expect(webmSliceKind(firstTwo.subarray(cut, header.length)), `second piece cut at ${cut}`).toBe("continuation");
    }
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
