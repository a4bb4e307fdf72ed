import { describe, expect, it } from "vitest";
import { formatDuration, formatIndiaDateTime, formatIndiaDayAndTime, formatIndiaTimeWithSeconds, isSameIndiaDay } from "@/lib/format";

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

describe("India dates", () => {
  it("writes a nearby date and time without the year, in India time", () => {
    expect(formatIndiaDayAndTime(new Date("2025-11-30T04:30:00Z"))).toBe("30 Nov, 10:00 am");
    expect(formatIndiaDayAndTime(new Date("2025-12-01T09:05:00Z"))).toBe("1 Dec, 2:35 pm");
  });

  it("names the time of day in Hindi words, never an English am or pm", () => {
    const morning = new Date("2025-11-30T04:30:00Z");
    const evening = new Date("2025-12-01T13:35:00Z");
    expect(formatIndiaDayAndTime(morning, "hi")).toBe("30 नव॰, सुबह 10:00");
    expect(formatIndiaDayAndTime(evening, "hi")).toBe("1 दिस॰, शाम 7:05");
    expect(formatIndiaDateTime(evening, "hi")).toBe("01 दिस॰ 2025, शाम 07:05 IST");
    for (const text of [formatIndiaDayAndTime(morning, "hi"), formatIndiaDateTime(evening, "hi"), formatIndiaTimeWithSeconds(evening, "hi")]) {
      expect(text).not.toMatch(/[ap]m/i);
    }
    expect(formatIndiaDateTime(evening)).toBe("01 Dec 2025, 07:05 pm IST");
  });

  it("compares calendar days in India, not in UTC", () => {
    // 17:00 and 19:00 UTC on 1 Dec are 22:30 on 1 Dec and 00:30 on 2 Dec in India.
    expect(isSameIndiaDay(new Date("2025-12-01T17:00:00Z"), new Date("2025-12-01T19:00:00Z"))).toBe(false);
    expect(isSameIndiaDay(new Date("2025-11-30T19:00:00Z"), new Date("2025-12-01T17:00:00Z"))).toBe(true);
  });
});
