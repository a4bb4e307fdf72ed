import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { attemptAnswers, attempts, blogs, prizeTiers, questions, transactions, users } from "@/db/schema";
import { closeDatabase, getDb, isStillReferenced, PostgresError, postgresErrorCode, violatedConstraint } from "@/lib/db";
import { createQuestion, createQuiz, createUser } from "../support/factories";

afterAll(closeDatabase);

async function refusal(work: Promise<unknown>): Promise<unknown> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, "the database accepted a change it must refuse").toBeDefined();
  return error;
}

async function rejection(work: Promise<unknown>) {
  const error = await refusal(work);
  return { code: postgresErrorCode(error), constraint: violatedConstraint(error) };
}

function newAttempt(participantId: string, quizId: string) {
  const now = Date.now();
  return {
    participantId,
    quizId,
    shuffleSeed: 1,
    startedAt: new Date(now),
    deadlineAt: new Date(now + 60_000),
    timeLeftSeconds: 60,
  };
}

describe("the database refuses rows that break the product's rules", () => {
  it("allows one attempt per participant and quiz", async () => {
    const db = await getDb();
    const participant = await createUser(db);
    const quiz = await createQuiz(db);
    await db.insert(attempts).values(newAttempt(participant.id, quiz.id));

    const refused = await rejection(db.insert(attempts).values(newAttempt(participant.id, quiz.id)));
    expect(refused).toEqual({ code: PostgresError.uniqueViolation, constraint: "attempts_one_per_participant_and_quiz" });
  });

  it("refuses a duplicate email, whatever its case", async () => {
    const db = await getDb();
    const user = await createUser(db);
    const sameEmail = await rejection(createUser(db, { email: user.email }));
    expect(sameEmail).toEqual({ code: PostgresError.uniqueViolation, constraint: "users_email_unique" });

    const upperCase = await rejection(createUser(db, { email: user.email.toUpperCase() }));
    expect(upperCase.code).toBe(PostgresError.checkViolation);
  });

  it("refuses a duplicate referral code", async () => {
    const db = await getDb();
    const user = await createUser(db);
    const refused = await rejection(createUser(db, { referralCode: user.referralCode }));
    expect(refused).toEqual({ code: PostgresError.uniqueViolation, constraint: "users_referral_code_unique" });
  });

  it("refuses a question whose answer does not fit its type: an option outside its 2 to 6, a key of another kind, a typed answer without its accepted values", async () => {
    const db = await getDb();
    const misfit = async (question: Parameters<typeof createQuestion>[1]) => rejection(createQuestion(db, question));
    const refusal = { code: PostgresError.checkViolation, constraint: "questions_answer_fits_type" };
    expect(await misfit({ correctOptionIndex: 4 })).toEqual(refusal);
    expect(await misfit({ correctOptionIndex: -1 })).toEqual(refusal);
    expect(await misfit({ correctOptionIndex: null })).toEqual(refusal);
    expect(await misfit({ options: ["a"], correctOptionIndex: 0 })).toEqual(refusal);
    expect(await misfit({ options: ["a", "b", "c", "d", "e", "f", "g"], correctOptionIndex: 0 })).toEqual(refusal);
    expect(await misfit({ answerType: "multiple", correctOptionIndex: null, correctOptions: [] })).toEqual(refusal);
    expect(await misfit({ answerType: "multiple", correctOptionIndex: null, correctOptions: [0, 4] })).toEqual(refusal);
    expect(await misfit({ answerType: "multiple", correctOptionIndex: 1, correctOptions: [1] })).toEqual(refusal);
    expect(await misfit({ answerType: "integer", options: [], correctOptionIndex: null, acceptedAnswers: [["42", "42"]], answerDecimals: 0 })).toEqual(refusal);
    expect(await misfit({ answerType: "integer", options: ["a", "b"], correctOptionIndex: null, acceptedAnswers: [["42", "42"]], answerLimits: ["0", "99"], answerDecimals: 0 })).toEqual(refusal);
    expect(await misfit({ answerType: "numerical", options: [], correctOptionIndex: null, answerDecimals: 2 })).toEqual(refusal);
    expect(await misfit({ answerType: "numerical", options: [], correctOptionIndex: null, acceptedAnswers: [["2.49", "2.51"]], answerDecimals: 3 })).toEqual(refusal);
    expect((await createQuestion(db, { options: ["a", "b", "c", "d", "e", "f"], correctOptionIndex: 5 })).correctOptionIndex).toBe(5);
    expect((await createQuestion(db, { answerType: "multiple", correctOptionIndex: null, correctOptions: [0, 3] })).correctOptions).toEqual([0, 3]);
    const typed = await createQuestion(db, { answerType: "numerical", options: [], correctOptionIndex: null, acceptedAnswers: [["2.49", "2.51"]], answerDecimals: 2 });
    expect(typed.acceptedAnswers).toEqual([["2.49", "2.51"]]);
  });

  it("refuses half a Hindi version, and one whose options do not match the English ones in number", async () => {
    const db = await getDb();
    expect((await rejection(createQuestion(db, { textHi: "दो और दो?" }))).constraint).toBe("questions_hindi_complete");
    expect((await rejection(createQuestion(db, { optionsHi: ["तीन", "चार", "पाँच", "बाईस"] }))).constraint).toBe("questions_hindi_complete");
    expect((await rejection(createQuestion(db, { textHi: "दो और दो?", optionsHi: ["तीन", "चार", "पाँच"] }))).constraint).toBe("questions_hindi_options_match");
    const translated = await createQuestion(db, { textHi: "दो और दो?", optionsHi: ["तीन", "चार", "पाँच", "बाईस"] });
    expect(translated.optionsHi).toHaveLength(4);
  });

  it("refuses an answer option outside 0 to 5, options beyond them, two kinds of answer at once and a typed answer that is no decimal of two places", async () => {
    const db = await getDb();
    const participant = await createUser(db);
    const quiz = await createQuiz(db);
    const question = await createQuestion(db);
    const [attempt] = await db.insert(attempts).values(newAttempt(participant.id, quiz.id)).returning();
    const answer = { attemptId: attempt.id, questionId: question.id, answeredAt: new Date() };
    const refused = async (values: Partial<typeof attemptAnswers.$inferInsert>) => (await rejection(db.insert(attemptAnswers).values({ ...answer, ...values }))).constraint;
    expect(await refused({ selectedOptionIndex: 6 })).toBe("attempt_answers_option_in_range");
    expect(await refused({ selectedOptions: [0, 6] })).toBe("attempt_answers_options_in_range");
    expect(await refused({ selectedOptions: [] })).toBe("attempt_answers_options_in_range");
    expect(await refused({ selectedOptionIndex: 1, typedAnswer: "1" })).toBe("attempt_answers_one_kind");
    for (const typedAnswer of ["2.505", "1e3", " 42", "4,2", ""]) expect(await refused({ typedAnswer })).toBe("attempt_answers_typed_is_decimal");
  });

  it("refuses a zero or negative amount, in integer paise", async () => {
    const db = await getDb();
    const user = await createUser(db);
    const base = { userId: user.id, type: "credit" as const, reason: "walletAddMoney" };
    for (const amountPaise of [0, -100]) {
      expect(await rejection(db.insert(transactions).values({ ...base, amountPaise }))).toEqual({
        code: PostgresError.checkViolation,
        constraint: "transactions_amount_positive",
      });
    }
  });

  it("refuses an unknown transaction status", async () => {
    const db = await getDb();
    const user = await createUser(db);
    const refused = await rejection(
      db.execute(sql`insert into transactions (user_id, type, amount_paise, reason, status) values (${user.id}, 'credit', 100, 'x', 'approved')`),
    );
    expect(refused.code).toBe(PostgresError.invalidText);
  });

  it("refuses a negative wallet balance", async () => {
    const db = await getDb();
    const refused = await rejection(createUser(db, { walletBalancePaise: -1 }));
    expect(refused.constraint).toBe("users_wallet_not_negative");
  });

  it("allows one pending entry fee per participant and quiz, and an entry fee must name its quiz", async () => {
    const db = await getDb();
    const user = await createUser(db);
    const quiz = await createQuiz(db);
    const fee = { userId: user.id, quizId: quiz.id, type: "form pay" as const, amountPaise: 50_000, reason: "entry fee" };
    await db.insert(transactions).values(fee);
    expect((await rejection(db.insert(transactions).values(fee))).constraint).toBe("transactions_one_pending_entry_fee");
    await db.insert(transactions).values({ ...fee, status: "rejected" });
    expect((await rejection(db.insert(transactions).values({ ...fee, quizId: null }))).constraint).toBe(
      "transactions_entry_fee_names_quiz",
    );
  });

  it("refuses quiz dates out of order", async () => {
    const db = await getDb();
    const now = Date.now();
    const refused = await rejection(createQuiz(db, { formEndAt: new Date(now - 2 * 86_400_000) }));
    expect(refused.constraint).toBe("quizzes_dates_in_order");
  });

  it("refuses a duplicate blog slug and a slug that is not kebab-case", async () => {
    const db = await getDb();
    const post = { title: "T", content: "C", author: "A", category: "quiz" };
    await db.insert(blogs).values({ ...post, slug: "unique-slug-test" });
    expect((await rejection(db.insert(blogs).values({ ...post, slug: "unique-slug-test" }))).constraint).toBe("blogs_slug_unique");
    expect((await rejection(db.insert(blogs).values({ ...post, slug: "Not A Slug" }))).constraint).toBe("blogs_slug_format");
  });

  it("keeps ledger rows when someone tries to delete their owner, and refuses a question in use", async () => {
    const db = await getDb();
    const user = await createUser(db);
    await db.insert(transactions).values({ userId: user.id, type: "credit", amountPaise: 100, reason: "walletAddMoney" });
    expect(isStillReferenced(await refusal(db.delete(users).where(sql`${users.id} = ${user.id}`)))).toBe(true);

    const quiz = await createQuiz(db);
    const question = await createQuestion(db);
    const participant = await createUser(db);
    const [attempt] = await db.insert(attempts).values(newAttempt(participant.id, quiz.id)).returning();
    await db.insert(attemptAnswers).values({ attemptId: attempt.id, questionId: question.id, selectedOptionIndex: 1, answeredAt: new Date() });
    expect(isStillReferenced(await refusal(db.delete(questions).where(sql`${questions.id} = ${question.id}`)))).toBe(true);
  });

  it("refuses a cash prize of zero and overlapping default prize ranks", async () => {
    const db = await getDb();
    const zero = await rejection(db.insert(prizeTiers).values({ rankFrom: 900, rankTo: 900, kind: "cash", amountPaise: 0 }));
    expect(zero.constraint).toBe("prize_tiers_amount_matches_kind");
    const duplicate = await rejection(db.insert(prizeTiers).values({ rankFrom: 1, rankTo: 1, kind: "cash", amountPaise: 1 }));
    expect(duplicate.constraint).toBe("prize_tiers_rank_unique");
  });
});
