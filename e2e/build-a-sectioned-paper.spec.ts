import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { openAdminTab, tag } from "./support/admin-panel";
import { withDatabase } from "./support/exam-db";

const DAY = 24 * 3_600_000;

/** A datetime-local value in India time (UTC+05:30, no daylight saving), as an admin in India types it. */
function indiaInput(at: number): string {
  return new Date(at + 330 * 60_000).toISOString().slice(0, 16);
}

/** Four bank questions of the paper's kinds, their texts tagged so the picker finds these and no other journey's. */
async function bankQuestions(mark: string) {
  return withDatabase(async (client) => {
    const insert = (text: string, columns: string, values: string) =>
      client.query(`insert into questions (subject, text, ${columns}) values ('Physics', $1, ${values})`, [`${text} ${mark}`]);
    await insert("Which force keeps the Moon in orbit?", "options, correct_option_index", "array['Gravity', 'Friction', 'Magnetism', 'Tension'], 0");
    await insert("What is the SI unit of power?", "options, correct_option_index", "array['Joule', 'Watt', 'Newton'], 1");
    await insert("Which of these are scalars?", "answer_type, options, correct_options", "'multiple', array['Speed', 'Velocity', 'Energy', 'Force'], array[0, 2]::smallint[]");
    await insert("Half of 5.00, to two decimal places?", "answer_type, options, accepted_answers, answer_decimals", "'numerical', '{}', '{[2.49,2.51]}', 2");
  });
}

test("the organiser builds a three-section paper, previews it, and participants read its marking on the instructions page in English and Hindi", async ({ page, browser, baseURL }) => {
  const mark = tag();
  const title = `Sectioned Mock ${mark}`;
  await bankQuestions(mark);
  const now = Date.now();
  await openAdminTab(page, "quizzes");

  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("group", { name: "Contest model" }).getByRole("radio", { name: /^Free entry, sponsored prizes/ }).check();
  await page.getByLabel("Entry fee (₹)").fill("0");
  // Registration opens tomorrow: the marking may still be set.
  await page.getByLabel("Registration start").fill(indiaInput(now + DAY));
  await page.getByLabel("Registration end").fill(indiaInput(now + 2 * DAY));
  await page.getByLabel("Exam date").fill(indiaInput(now + 3 * DAY));
  await page.getByLabel("Result date").fill(indiaInput(now + 4 * DAY));
  const picker = page.getByRole("group", { name: "Questions" });
  await picker.getByRole("searchbox").fill(mark);
  for (const text of ["Which force keeps", "What is the SI unit of power", "Which of these are scalars", "Half of 5.00"]) await picker.getByRole("checkbox", { name: new RegExp(`^${text}`) }).check();

  const sections = page.getByRole("group", { name: "Sections", exact: true });
  const schemes = [
    { name: "Section A", correct: "3", wrong: "1" },
    { name: "Section B", correct: "4", wrong: "2", partial: "1" },
    { name: "Section C", correct: "3", wrong: "0" },
  ];
  for (const [index, scheme] of schemes.entries()) {
    const number = index + 1;
    await sections.getByRole("button", { name: "Add section" }).click();
    await page.getByLabel(`Section ${number}: name`, { exact: true }).fill(scheme.name);
    await page.getByLabel(`Section ${number}: marks for a correct answer`).fill(scheme.correct);
    await page.getByLabel(`Section ${number}: marks deducted for a wrong answer`).fill(scheme.wrong);
    if (scheme.partial) {
      await page.getByLabel(`Section ${number}: partial marks for one or more correct`).check();
      await page.getByLabel(`Section ${number}: partial marks per correct option chosen`).fill(scheme.partial);
    }
  }
  await page.getByLabel("Section 1: name (Hindi)").fill("खंड क");
  for (const [question, section] of [[1, "Section A"], [2, "Section A"], [3, "Section B"], [4, "Section C"]] as const) {
    await page.getByLabel(`Question ${question}: section`).selectOption({ label: section });
  }
  await page.getByLabel("Question 4: own marks for a correct answer").fill("3.5");

  const preview = page.getByRole("region", { name: "Paper preview" });
  await expect(preview.getByRole("listitem")).toHaveText([
    "Section A · Single correct · 2 questions · +3 for a correct answer; −1 for a wrong one · 6 marks",
    "Section B · One or more correct · 1 question · +4 for a correct answer; −2 for a wrong one; one or more correct: +1 per correct option of an incomplete choice · 4 marks",
    "Section C · Numerical answer · 1 question · +3.5 for a correct answer; no negative marking · 3.5 marks",
  ]);
  await expect(preview).toContainText("Total: 13.5 marks in 4 questions");

  await page.getByRole("button", { name: "Create quiz" }).click();
  await expect(page.getByText("Quiz created.")).toBeVisible();
  const quizId = await withDatabase(async (client) => (await client.query<{ id: string }>("select id from quizzes where title = $1", [title])).rows[0].id);

  try {
    for (const [locale, lines] of [
      [
        "en-IN",
        [
          "Section A · One correct: +3 for a correct answer; −1 for a wrong one",
          "Section B · One or more correct: +4 for a correct answer; −2 for a wrong one; several options: +1 for each correct option chosen when not all are and none is wrong",
          "Section C · Numerical answer: +3.5 for a correct answer; no negative marking",
          "Total marks: 13.5",
        ],
      ],
      ["hi-IN", ["खंड क · एक सही उत्तर: सही उत्तर पर +3; गलत उत्तर पर −1", "कुल अंक: 13.5"]],
    ] as const) {
      const participant = await browser.newContext({ baseURL, locale });
      try {
        await signUp(participant.request);
        const instructions = await participant.newPage();
        await instructions.goto(`/quizes/${quizId}`);
        for (const line of lines) await expect(instructions.getByText(line, { exact: true })).toBeVisible();
      } finally {
        await participant.close();
      }
    }
  } finally {
    // Nobody has registered: the quiz and its questions go, leaving other journeys' lists as they were.
    await withDatabase(async (client) => {
      await client.query("delete from quizzes where id = $1", [quizId]);
      await client.query("delete from questions where text like $1", [`% ${mark}`]);
    });
  }
});
