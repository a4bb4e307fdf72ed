import { describe, expect, it } from "vitest";
import { removeExpiredExamData } from "@/components/exam/storage";
import { memoryStorage } from "../support/memory-storage";


describe("expired exam data on home load", () => {
  it("removes logs older than 30 minutes or corrupt, with their progress twins, and keeps fresh ones", () => {
    const now = 10_000_000;
    const store = memoryStorage({
      examLogs_q1_p1: JSON.stringify({ timestamp: now - 1_800_001, events: [] }),
      quizProgress_q1_p1: "{}",
      examLogs_q2_p1: "{not json",
      quizProgress_q2_p1: "{}",
      examLogs_q3_p1: JSON.stringify({ timestamp: now - 60_000, events: [] }),
      quizProgress_q3_p1: "{}",
      quizProgress: "{}",
    });
    expect(removeExpiredExamData(store, now).sort()).toEqual(["examLogs_q1_p1", "examLogs_q2_p1", "quizProgress_q1_p1", "quizProgress_q2_p1"]);
    expect(store.getItem("examLogs_q3_p1")).not.toBeNull();
    expect(store.getItem("quizProgress_q3_p1")).toBe("{}");
    expect(store.getItem("quizProgress")).toBe("{}");
  });
});
