import { describe, expect, it } from "vitest";
import { formatDuration } from "@/lib/format";

describe("formatDuration", () => {
  it("writes hours, minutes and seconds as two digits each", () => {
    expect(formatDuration(0)).toBe("00:00:00");
    expect(formatDuration(59)).toBe("00:00:59");
    expect(formatDuration(15 * 60)).toBe("00:15:00");
    expect(formatDuration(3 * 3600 + 7 * 60 + 9)).toBe("03:07:09");
  });

  it("keeps counting hours past a day", () => {
    expect(formatDuration(100 * 3600 + 1)).toBe("100:00:01");
  });

  it("drops fractions of a second and shows a negative count as zero", () => {
    expect(formatDuration(61.9)).toBe("00:01:01");
    expect(formatDuration(-5)).toBe("00:00:00");
    expect(formatDuration(-0.4)).toBe("00:00:00");
  });
});
