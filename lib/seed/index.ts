import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Pool } from "pg";
import { blogs, prizeTiers, questionImages, questionImageUses, questions, quizQuestions, quizSections, quizzes, users, type AcceptedRanges } from "@/db/schema";
import { config } from "@/lib/config";
import { generateReferralCode, hashPassword } from "@/lib/accounts";
import { migrateDatabase, withPreparationLock, type Queryable } from "@/lib/db";
import { log } from "@/lib/log";
import { rupeesToPaise } from "@/lib/money";
import { localImageSize } from "@/lib/blog";
import { seedArticles, seedCoverAlt } from "./articles";
import type { SeedPaper, SeedPaperQuestion, SeedQuestion } from "./content-types";
import { DEMO_DIAGRAM_ID, demoQuestions } from "./demo-questions";
import { rightTriangleDiagram } from "./diagram";
import { questionImageIds, renderQuestion, type KnownImages } from "@/lib/content";
import { storage } from "@/lib/storage";
import { imageSize } from "@/lib/uploads";
import { freeQuizQuestions } from "./free-quiz-questions";
import { paidQuizQuestions } from "./paid-quiz-questions";
import { ioqmPractice, nsepSample } from "./olympiad-papers";

const ADMIN_PASSWORD_FILE = path.join(config.dataDir, "admin-password");

/** Stable ids make every insert idempotent: a second run conflicts and changes nothing. */
function seedUuid(group: number, index: number): string {
  return `5eed0000-0000-4000-8${group.toString(16).padStart(3, "0")}-${index.toString(16).padStart(12, "0")}`;
}

export const DEMO_QUIZ_ID = seedUuid(1, 1);
const SAMPLE_PAID_QUIZ_ID = seedUuid(1, 2);
const SAMPLE_FREE_QUIZ_ID = seedUuid(1, 3);
const IOQM_PRACTICE_QUIZ_ID = seedUuid(1, 4);
const NSEP_SAMPLE_QUIZ_ID = seedUuid(1, 5);
const DEMO_QUESTION_GROUP = 2;
const PAID_QUESTION_GROUP = 3;
const FREE_QUESTION_GROUP = 4;
const IOQM_QUESTION_GROUP = 5;
const NSEP_QUESTION_GROUP = 6;
const POSTERS = ["/posters/poster-1.svg", "/posters/poster-2.svg"];

export const DEFAULT_PRIZE_TIERS = [
  { rankFrom: 1, rankTo: 1, kind: "cash", amountPaise: rupeesToPaise(100_000) },
  { rankFrom: 2, rankTo: 2, kind: "cash", amountPaise: rupeesToPaise(51_000) },
  { rankFrom: 3, rankTo: 3, kind: "cash", amountPaise: rupeesToPaise(25_000) },
  { rankFrom: 4, rankTo: 53, kind: "free_pass", amountPaise: 0 },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** 10:00 in India (UTC+05:30) on the day `days` from `now`. */
function indiaMorning(now: Date, days: number): Date {
  const date = new Date(now.getTime() + days * DAY_MS);
  date.setUTCHours(4, 30, 0, 0);
  return date;
}

/** The sample free-entry quiz's own prizes, paid by its sponsor: ₹10,000 in all. */
const SAMPLE_FREE_QUIZ_PRIZES = [
  { rankFrom: 1, rankTo: 1, kind: "cash", amountPaise: rupeesToPaise(5_000) },
  { rankFrom: 2, rankTo: 2, kind: "cash", amountPaise: rupeesToPaise(3_000) },
  { rankFrom: 3, rankTo: 3, kind: "cash", amountPaise: rupeesToPaise(2_000) },
] as const;

/**
 * Seeds a migrated but empty database (an admin, the demo, a sample paid quiz and a sample free
 * one, papers in the IOQM and NSEP formats, articles, the prize table), under the lock every
 * starting instance takes.
 */
export async function seedIfEmpty(pool: Pool): Promise<void> {
  await withPreparationLock(pool, async (db) => {
    const existing = await db.execute<{ count: number }>(sql`select count(*)::int as count from users`);
    if (existing.rows[0].count === 0) await seedDatabase(db);
  });
}

/** Applies pending migrations, then seeds the database if it is empty. */
export async function prepareDatabase(pool: Pool): Promise<void> {
  await migrateDatabase(pool);
  await seedIfEmpty(pool);
}

export async function seedDatabase(db: Queryable, now = new Date()) {
  await db.transaction(async (tx) => {
    const adminId = await seedAdmin(tx);
    await seedPrizeTable(tx);
    await seedQuiz(tx, {
      id: DEMO_QUIZ_ID,
      title: "Demo Olympiad Quiz",
      name: "demo",
      description: "Ten quick questions to try the quiz screen before the real thing. Free, no sign-up.",
      contestModel: "free_entry",
      entryFeePaise: 0,
      prizeMoneyPaise: 0,
      durationSeconds: 300,
      questionCount: demoQuestions.length,
      shuffleQuestions: false,
      isDemo: true,
      posterUrls: POSTERS,
      formStartAt: indiaMorning(now, -1),
      formEndAt: indiaMorning(now, -1),
      examStartAt: indiaMorning(now, -1),
      examEndAt: indiaMorning(now, 3650),
      resultAt: indiaMorning(now, 3650),
    }, demoQuestions, DEMO_QUESTION_GROUP, adminId, { images: await seedDemoDiagram(tx) });
    await seedQuiz(tx, {
      id: SAMPLE_PAID_QUIZ_ID,
      title: `${config.brand.name} Season 2`,
      name: "season-2",
      description:
        "25 questions across mathematics, science, reasoning, English and general knowledge. " +
        "Highest score wins; faster submission breaks ties.",
      // Lawful wherever the demo runs: the fee buys certificates and scholarships, never money
      // (no prize money, no prize table). The UPI flow is shown here; prizes by the free quiz below.
      contestModel: "paid_certificates",
      prizeMoneyPaise: 0,
      entryFeePaise: rupeesToPaise(500),
      capacity: 1000,
      durationSeconds: 1800,
      questionCount: paidQuizQuestions.length,
      shuffleQuestions: true,
      posterUrls: POSTERS,
      formStartAt: indiaMorning(now, -1),
      formEndAt: indiaMorning(now, 7),
      examStartAt: indiaMorning(now, 7),
      examEndAt: new Date(indiaMorning(now, 7).getTime() + 12 * 60 * 60 * 1000),
      resultAt: indiaMorning(now, 9),
    }, paidQuizQuestions, PAID_QUESTION_GROUP, adminId);
    await seedQuiz(tx, {
      id: SAMPLE_FREE_QUIZ_ID,
      title: `${config.brand.name} Open Challenge`,
      name: "open-challenge",
      description:
        "Ten questions, free to enter: no fee, just register. " +
        `The top three win prizes paid by ${config.contest.sponsorName}, the sponsor.`,
      contestModel: "free_entry",
      entryFeePaise: 0,
      prizeMoneyPaise: SAMPLE_FREE_QUIZ_PRIZES.reduce((total, tier) => total + tier.amountPaise, 0),
      capacity: 500,
      durationSeconds: 900,
      questionCount: freeQuizQuestions.length,
      shuffleQuestions: true,
      posterUrls: POSTERS,
      formStartAt: indiaMorning(now, -1),
      formEndAt: indiaMorning(now, 5),
      examStartAt: indiaMorning(now, 5),
      examEndAt: new Date(indiaMorning(now, 5).getTime() + 12 * 60 * 60 * 1000),
      resultAt: indiaMorning(now, 6),
    }, freeQuizQuestions, FREE_QUESTION_GROUP, adminId, { prizes: SAMPLE_FREE_QUIZ_PRIZES });
    await seedQuiz(tx, {
      id: IOQM_PRACTICE_QUIZ_ID,
      title: "IOQM Practice Paper",
      name: "ioqm-practice",
      description:
        "Six questions in the IOQM format, free: every answer a whole number from 00 to 99, typed; " +
        "questions worth 2, 3 and 5 marks; no negative marking.",
      contestModel: "free_entry",
      entryFeePaise: 0,
      prizeMoneyPaise: 0,
      durationSeconds: 1200,
      questionCount: paperQuestions(ioqmPractice).length,
      marksPerQuestion: 2,
      shuffleQuestions: false,
      posterUrls: POSTERS,
      formStartAt: indiaMorning(now, -1),
      formEndAt: indiaMorning(now, 4),
      examStartAt: indiaMorning(now, 4),
      examEndAt: new Date(indiaMorning(now, 4).getTime() + 12 * 60 * 60 * 1000),
      resultAt: indiaMorning(now, 5),
    }, ioqmPractice, IOQM_QUESTION_GROUP, adminId);
    await seedQuiz(tx, {
      id: NSEP_SAMPLE_QUIZ_ID,
      title: "NSEP Sample Paper",
      name: "nsep-sample",
      description:
        "Five physics questions in the NSEP format. Part A: one correct option, +3 or −1. " +
        "Part B: one or more correct options, +6 only for exactly the right set.",
      // Lawful wherever the demo runs, as the paid sample above: certificates, never money.
      contestModel: "paid_certificates",
      prizeMoneyPaise: 0,
      entryFeePaise: rupeesToPaise(100),
      capacity: 1000,
      durationSeconds: 900,
      questionCount: paperQuestions(nsepSample).length,
      marksPerQuestion: 3,
      wrongAnswerMarks: 1,
      shuffleQuestions: false,
      posterUrls: POSTERS,
      formStartAt: indiaMorning(now, -1),
      formEndAt: indiaMorning(now, 8),
      examStartAt: indiaMorning(now, 8),
      examEndAt: new Date(indiaMorning(now, 8).getTime() + 12 * 60 * 60 * 1000),
      resultAt: indiaMorning(now, 10),
    }, nsepSample, NSEP_QUESTION_GROUP, adminId);
    await seedBlogs(tx, now);
  });
}

async function seedAdmin(tx: Queryable): Promise<string> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, config.admin.email));
  if (existing) return existing.id;

  const password = config.admin.password ?? randomBytes(12).toString("base64url");
  const [admin] = await tx
    .insert(users)
    .values({
      name: `${config.brand.name} Admin`,
      email: config.admin.email,
      passwordHash: await hashPassword(password),
      role: "admin",
      referralCode: generateReferralCode(),
    })
    .returning({ id: users.id });
  if (!config.admin.password) {
    // Kept in a file only its owner can read, never in the log; set ADMIN_PASSWORD to choose it.
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(ADMIN_PASSWORD_FILE, `${password}\n`, { mode: 0o600 });
    log.info({ file: ADMIN_PASSWORD_FILE }, "admin account created; its generated password is in this file");
  }
  return admin.id;
}

async function seedPrizeTable(tx: Queryable) {
  const existing = await tx.select({ id: prizeTiers.id }).from(prizeTiers).where(isNull(prizeTiers.quizId));
  if (existing.length > 0) return;
  await tx.insert(prizeTiers).values(DEFAULT_PRIZE_TIERS.map((tier) => ({ ...tier, quizId: null })));
}

function paperQuestions(paper: SeedPaper): SeedPaperQuestion[] {
  return paper.sections.flatMap((section) => section.questions);
}

/** A seeded question's answer columns: one option of its options, several, or a typed whole number from 0 to 99. */
function answerColumns(question: SeedQuestion | SeedPaperQuestion) {
  if (!("answerType" in question) || question.answerType === "single") return { answerType: "single" as const, options: [...question.options], correctOptionIndex: question.correctOptionIndex, optionsHi: question.hi ? [...question.hi.options] : null };
  if (question.answerType === "multiple") return { answerType: "multiple" as const, options: [...question.options], correctOptionIndex: null, correctOptions: [...question.correctOptions], optionsHi: [...question.hi.options] };
  const answer = String(question.answer);
  return { answerType: "integer" as const, options: [], correctOptionIndex: null, acceptedAnswers: [[answer, answer]] as AcceptedRanges, answerLimits: ["0", "99"] as [string, string], answerDecimals: 0, optionsHi: [] };
}

/**
 * A quiz with its questions, unless it exists already. `content` is its questions, or a paper of
 * sections whose questions are the quiz's in order, each section with its marking and each
 * question with its own marks where it has them (written with the quiz, before anyone registers).
 */
async function seedQuiz(
  tx: Queryable,
  quiz: typeof quizzes.$inferInsert & { id: string },
  content: readonly SeedQuestion[] | SeedPaper,
  questionGroup: number,
  adminId: string,
  {
    prizes = [],
    images = new Map(),
  }: {
    /** The quiz's own prize table, written with the quiz (none: the quiz has no prizes of its own). */
    prizes?: readonly (typeof prizeTiers.$inferInsert)[];
    /** The uploaded images its questions show. */
    images?: KnownImages;
  } = {},
) {
  const inserted = await tx.insert(quizzes).values(quiz).onConflictDoNothing().returning({ id: quizzes.id });
  const bank = "sections" in content ? paperQuestions(content) : content;
  const rows = await Promise.all(
    bank.map(async (question, index) => {
      const answer = answerColumns(question);
      return {
        id: seedUuid(questionGroup, index + 1),
        text: question.text,
        subject: question.subject,
        ...answer,
        textHi: question.hi?.text ?? null,
        optionsHi: question.hi ? answer.optionsHi : null,
        rendered: await renderQuestion({ text: question.text, options: answer.options, textHi: question.hi?.text, optionsHi: question.hi ? answer.optionsHi : null }, images),
        createdById: adminId,
      };
    }),
  );
  if (inserted.length === 0) return addHindiVersions(tx, rows);
  if (prizes.length > 0) await tx.insert(prizeTiers).values(prizes.map((tier) => ({ ...tier, quizId: quiz.id })));
  await tx.insert(questions).values(rows).onConflictDoNothing();
  const placed = "sections" in content ? await seedSections(tx, quiz.id, content, rows) : new Map();
  await tx
    .insert(quizQuestions)
    .values(rows.map((row, position) => ({ quizId: quiz.id, questionId: row.id, position, ...placed.get(row.id) })))
    .onConflictDoNothing();
  const uses = rows.flatMap((row) => questionImageIds({ text: row.text, options: row.options, textHi: row.textHi, optionsHi: row.optionsHi }).map((imageId) => ({ questionId: row.id, imageId })));
  if (uses.length > 0) await tx.insert(questionImageUses).values(uses).onConflictDoNothing();
}

/** A seeded paper's sections; returns each question's section and own marks, by question id, for its link to the quiz. */
async function seedSections(tx: Queryable, quizId: string, paper: SeedPaper, rows: readonly { id: string }[]) {
  const sections = await tx
    .insert(quizSections)
    .values(paper.sections.map(({ questions: _questions, ...section }, position) => ({ ...section, quizId, position })))
    .returning({ id: quizSections.id, position: quizSections.position });
  const placed = new Map<string, { sectionId: string; marksCorrect: number | null }>();
  let next = 0;
  for (const section of sections.sort((a, b) => a.position - b.position)) {
    for (const question of paper.sections[section.position].questions) placed.set(rows[next++].id, { sectionId: section.id, marksCorrect: question.marksCorrect ?? null });
  }
  return placed;
}

/** The demo's diagram, drawn and stored as an uploaded question image would be. */
async function seedDemoDiagram(tx: Queryable): Promise<KnownImages> {
  const png = rightTriangleDiagram();
  const size = imageSize(png)!;
  const objectKey = `question-images/${DEMO_DIAGRAM_ID}.png`;
  await storage().put(objectKey, png, "image/png");
  await tx
    .insert(questionImages)
    .values({ id: DEMO_DIAGRAM_ID, objectKey, contentType: "image/png", sizeBytes: png.length, ...size, fileName: "right-triangle.png" })
    .onConflictDoNothing();
  return new Map([[DEMO_DIAGRAM_ID, size]]);
}

/**
 * Seeded questions from before they had Hindi versions get them, unless an admin has edited the
 * question or given it a Hindi version of their own since.
 */
async function addHindiVersions(tx: Queryable, rows: readonly (typeof questions.$inferInsert & { id: string })[]) {
  for (const row of rows) {
    if (!row.textHi || !row.optionsHi) continue;
    await tx
      .update(questions)
      .set({ textHi: row.textHi, optionsHi: row.optionsHi })
      .where(and(eq(questions.id, row.id), isNull(questions.textHi), eq(questions.text, row.text), eq(questions.options, row.options)));
  }
}

async function seedBlogs(tx: Queryable, now: Date) {
  const sizes = new Map(await Promise.all([...new Set(seedArticles.map((article) => article.imageUrl))].map(async (url) => [url, await localImageSize(url)] as const)));
  await tx
    .insert(blogs)
    .values(
      seedArticles.map((article) => ({
        slug: article.slug,
        title: article.title,
        description: article.description,
        keywords: [...article.keywords],
        content: article.content,
        author: article.author,
        category: article.category === "product" ? config.brand.name : article.category,
        imageUrl: article.imageUrl,
        imageAlt: seedCoverAlt[article.imageUrl] ?? "",
        imageWidth: sizes.get(article.imageUrl)?.width,
        imageHeight: sizes.get(article.imageUrl)?.height,
        publishedAt: new Date(now.getTime() - article.publishedDaysAgo * DAY_MS),
      })),
    )
    .onConflictDoNothing();
}
