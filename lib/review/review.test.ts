import { afterAll, describe, expect, it } from "vitest";
import { VISITOR } from "@/lib/auth";
import { closeDatabase } from "@/lib/db";
import { Forbidden, Unauthenticated } from "@/lib/errors";
import { startExam } from "@/lib/exam";
import { catalogued } from "@/lib/catalogue";
import { openExam, paidParticipant } from "@/tests/support/exam";
import { admin } from "@/tests/support/users";
import { appealDisqualification, decideAppeal, disqualifyAttempt, grantExtraTime, listExtraTime, listResponses, myDisqualification, reinstateAttempt, removeExtraTime, responseDetail, streamRecording } from "./index";

afterAll(closeDatabase);

const REASON = "Seen reading from a phone in the recording.";

describe("the review door", () => {
  it("refuses a visitor every review service with Unauthenticated", async () => {
    const { quiz } = await openExam();
    const attemptId = crypto.randomUUID();
    const refusals = [
      listResponses(VISITOR),
      responseDetail(VISITOR, attemptId),
      streamRecording(VISITOR, attemptId),
      disqualifyAttempt(VISITOR, attemptId, REASON),
      reinstateAttempt(VISITOR, attemptId, REASON),
      decideAppeal(VISITOR, attemptId, { outcome: "upheld", response: REASON }),
      myDisqualification(VISITOR, quiz.id),
      appealDisqualification(VISITOR, quiz.id, REASON),
      listExtraTime(VISITOR, quiz.id),
      grantExtraTime(VISITOR, quiz.id, { email: "someone@example.com", unit: "minutes", amount: 10, reason: REASON }),
      removeExtraTime(VISITOR, quiz.id, { participantId: crypto.randomUUID(), reason: REASON }),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toThrow(Unauthenticated);
  });

  it("keeps responses, recordings and decisions to admins: a participant is Forbidden even for their own attempt", async () => {
    const { quiz } = await openExam();
    const user = await paidParticipant(quiz.id);
    const { attemptId } = await startExam(user, quiz.id);
    await expect(listResponses(user)).rejects.toThrow(Forbidden);
    await expect(responseDetail(user, attemptId)).rejects.toThrow(Forbidden);
    await expect(streamRecording(user, attemptId)).rejects.toThrow(new Forbidden(catalogued("Only admins can view recordings.")));
    await expect(disqualifyAttempt(user, attemptId, REASON)).rejects.toThrow(Forbidden);
    await expect(grantExtraTime(user, quiz.id, { email: "someone@example.com", unit: "minutes", amount: 10, reason: REASON })).rejects.toThrow(Forbidden);
    expect((await responseDetail(await admin(), attemptId)).id).toBe(attemptId);
  });
});
