import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "./csv";

describe("CSV", () => {
  it("reads quoted commas, quotes and line breaks", () => {
    expect(parseCsv('a,"b, c","say ""hi""","line\nbreak"\r\n1,2,3,4\n')).toEqual([
      ["a", "b, c", 'say "hi"', "line\nbreak"],
      ["1", "2", "3", "4"],
    ]);
  });

  it("round-trips what it writes, and defuses spreadsheet formulas", () => {
    const rows = [["What is 2+2?", "Maths", "=1+3", "4"], ['He said "yes"', "English", "a,b", "c"]];
    const written = toCsv(rows);
    expect(written).toContain("'=1+3");
    expect(parseCsv(written)).toEqual([["What is 2+2?", "Maths", "'=1+3", "4"], rows[1]]);
    expect(toCsv([["-0.667", "-12", "-1+2", "-cmd|' /C calc'!A0"]])).toBe("-0.667,-12,'-1+2,'-cmd|' /C calc'!A0\r\n");
  });

  it("ignores blank lines and a byte-order mark", () => {
    expect(parseCsv("\uFEFFx,y\n\n\n1,2")).toEqual([["x", "y"], ["1", "2"]]);
  });
});
