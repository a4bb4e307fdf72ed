import { randomBytes } from "node:crypto";
import { publishedResults, resultRows } from "@/db/schema";
import { getDb } from "@/lib/db";
import { closedExam, submittedAttempt } from "./exam";
import { adult, openRegistration } from "./wallet";

/**
 * A participant who won a free pass (rank 4 of a published quiz, no cash), and a later paid quiz
 * open for registration with its own fee (and Hindi title, when given).
 */
export async function freePassWinner({ laterFeePaise = 12_300, laterTitleHi }: { laterFeePaise?: number; laterTitleHi?: string } = {}) {
  const db = await getDb();
  const won = await closedExam();
  const user = await adult();
  await submittedAttempt(won.id, user.id, 3, 100);
  await db.insert(publishedResults).values({ quizId: won.id, answerKey: [], digest: randomBytes(32).toString("hex"), publishedAt: new Date(Date.now() - 86_400_000) });
  await db.insert(resultRows).values({ quizId: won.id, participantId: user.id, rank: 4, score: 3, timeTakenSeconds: 100, prizePaise: 0, freePass: true });
  const later = await openRegistration({ contestModel: "paid_certificates", prizeMoneyPaise: 0, entryFeePaise: laterFeePaise, ...(laterTitleHi === undefined ? {} : { titleHi: laterTitleHi }) });
  return { won, later, user };
}
