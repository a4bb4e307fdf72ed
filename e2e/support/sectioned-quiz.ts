import type { Client } from "pg";
import { insertQuizzes, NOT_YET_OPEN, scheduleInOrder, withDatabase, type QuizSchedule } from "./exam-db";

/**
 * A JEE Advanced-style paper of every answer type in three sections, each question in English and
 * Hindi, options never shuffled and questions in order (section by section), so a journey knows
 * which option it taps:
 * - Section A, single correct at +3 / −1: `single` (4 options, key B);
 * - Section B, one or more correct at +4, partial +1 per correct option, −2: `multiple` (5 options, key A and C);
 * - Section C, numerical at +3, no negative marks: `integer` (0 to 99, key 42, its own +4) and
 *   `numerical` (two decimal places, key 2.50 ± 0.01).
 */
export const SECTIONED_PAPER = {
  sections: [
    { name: "Section A", nameHi: "खंड क", full: 3, wrong: 1, partial: null },
    { name: "Section B", nameHi: "खंड ख", full: 4, wrong: 2, partial: 1 },
    { name: "Section C", nameHi: "खंड ग", full: 3, wrong: 0, partial: null },
  ],
  questions: {
    single: { type: "single", section: 0, text: "Which planet is closest to the Sun?", textHi: "सूर्य के सबसे निकट कौन-सा ग्रह है?", options: ["Venus", "Mercury", "Earth", "Mars"], optionsHi: ["शुक्र", "बुध", "पृथ्वी", "मंगल"], key: 1 },
    multiple: { type: "multiple", section: 1, text: "Which of these numbers are prime?", textHi: "इनमें से कौन-सी संख्याएँ अभाज्य हैं?", options: ["2", "4", "5", "8", "9"], optionsHi: ["दो", "चार", "पाँच", "आठ", "नौ"], key: [0, 2] },
    integer: { type: "integer", section: 2, text: "How many sides does a regular 42-gon have?", textHi: "एक सम 42-भुज की कितनी भुजाएँ होती हैं?", limits: ["0", "99"], key: "42", marksFull: 4 },
    numerical: { type: "numerical", section: 2, text: "Half of 5.00, to two decimal places?", textHi: "5.00 का आधा, दशमलव के दो स्थानों तक?", decimals: 2, key: ["2.49", "2.51"] },
  },
} as const;

type PaperQuestion = keyof typeof SECTIONED_PAPER.questions;

export interface SectionedQuiz {
  id: string;
  title: string;
  /** The bank id of each of the paper's questions. */
  questionIds: Record<PaperQuestion, string>;
}

async function insertQuestion(client: Client, question: (typeof SECTIONED_PAPER.questions)[PaperQuestion]): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into questions (subject, text, text_hi, answer_type, options, options_hi, correct_option_index, correct_options, accepted_answers, answer_limits, answer_decimals)
     values ('E2E sectioned paper', $1, $2, $3::answer_type, $4::text[], $5::text[], $6, $7::smallint[], $8::nummultirange, $9::numrange, $10)
     returning id`,
    [
      question.text,
      question.textHi,
      question.type,
      "options" in question ? question.options : [],
      "optionsHi" in question ? question.optionsHi : [],
      question.type === "single" ? question.key : null,
      question.type === "multiple" ? question.key : null,
      question.type === "integer" ? `{[${question.key},${question.key}]}` : question.type === "numerical" ? `{[${question.key[0]},${question.key[1]}]}` : null,
      question.type === "integer" ? `[${question.limits[0]},${question.limits[1]}]` : null,
      question.type === "integer" ? 0 : question.type === "numerical" ? question.decimals : null,
    ],
  );
  return rows[0].id;
}

/**
 * A new quiz of SECTIONED_PAPER's three sections and four questions on `schedule`, with its own
 * title (so other journeys' lists are undisturbed); the quiz's one mark value is 1, which none of
 * its questions uses.
 */
export function createSectionedQuiz(schedule: QuizSchedule, titlePrefix = "Sectioned e2e"): Promise<SectionedQuiz> {
  return withDatabase(async (client) => {
    const [quiz] = await insertQuizzes(client, 1, NOT_YET_OPEN, titlePrefix);
    const sectionIds: string[] = [];
    for (const [position, section] of SECTIONED_PAPER.sections.entries()) {
      const { rows } = await client.query<{ id: string }>(
        `insert into quiz_sections (quiz_id, position, name, name_hi, marks_correct, marks_wrong, marks_partial) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [quiz.id, position, section.name, section.nameHi, section.full, section.wrong, section.partial],
      );
      sectionIds.push(rows[0].id);
    }
    const questionIds = {} as Record<PaperQuestion, string>;
    for (const [position, name] of (Object.keys(SECTIONED_PAPER.questions) as PaperQuestion[]).entries()) {
      const question = SECTIONED_PAPER.questions[name];
      questionIds[name] = await insertQuestion(client, question);
      await client.query(`insert into quiz_questions (quiz_id, question_id, position, section_id, marks_correct) values ($1, $2, $3, $4, $5)`, [
        quiz.id,
        questionIds[name],
        position,
        sectionIds[question.section],
        "marksFull" in question ? question.marksFull : null,
      ]);
    }
    await scheduleInOrder(client, quiz.id, schedule);
    return { id: quiz.id, title: quiz.title, questionIds };
  });
}

/** The answers stored for the participant's attempt, per question id: the option, the options or the number typed (as text). */
export function storedAnswersOfEveryType(userId: string, quizId: string): Promise<Record<string, number | number[] | string | null>> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ question_id: string; selected_option_index: number | null; selected_options: number[] | null; typed_answer: string | null }>(
      `select aa.question_id, aa.selected_option_index, aa.selected_options, aa.typed_answer from attempt_answers aa join attempts a on a.id = aa.attempt_id
       where a.participant_id = $1 and a.quiz_id = $2`,
      [userId, quizId],
    );
    return Object.fromEntries(rows.map((row) => [row.question_id, row.selected_options ?? row.typed_answer ?? row.selected_option_index]));
  });
}
