import { describe, expect, it } from "vitest";
import { copiedQuizValues, newQuizValues, quizFormSchema, quizFormValues, type QuizFormValues } from "@/components/admin/quizFormValues";
import { CASH_PRIZES_UNCONFIRMED, CONTEST_MODEL_REQUIRED } from "@/lib/catalogue";
import type { PrizeTierRow } from "@/lib/quizzes/schemas";

/** A new quiz's form filled in with a prize table of its admin's making, but for the contest model. */
function filled(values: Partial<QuizFormValues> = {}): QuizFormValues {
  return {
    ...newQuizValues(),
    title: "Form Olympiad",
    prizeMoney: "1000",
    prizes: [
      { rankFrom: "1", rankTo: "1", kind: "cash", amount: "1000" },
      { rankFrom: "2", rankTo: "5", kind: "free_pass", amount: "" },
    ],
    formStartDate: "2031-01-01T10:00",
    formEndDate: "2031-01-02T10:00",
    examDate: "2031-01-03T10:00",
    resultDate: "2031-01-04T10:00",
    ...values,
  };
}

type AdminQuizRow = Parameters<typeof quizFormValues>[0];

/** A stored quiz as the admin's list gives it, paying `prizes` (its own table, the default one, or none). */
function storedQuiz(prizes: PrizeTierRow[], prizeSource: AdminQuizRow["prizeSource"]): AdminQuizRow {
  const at = new Date("2031-01-01T04:30:00Z");
  const row: Partial<AdminQuizRow> = {
    title: "Stored Olympiad",
    name: "stored",
    description: "",
    contestModel: "paid_cash",
    prizeMoneyPaise: prizes.reduce((total, tier) => total + (tier.kind === "cash" ? tier.amountPaise * (tier.rankTo - tier.rankFrom + 1) : 0), 0),
    entryFeePaise: 10_000,
    capacity: null,
    durationSeconds: 1_800,
    marksPerQuestion: 1,
    wrongAnswerMarks: 0,
    shuffleQuestions: true,
    shuffleOptions: false,
    objectionWindowHours: 48,
    formStartAt: at,
    formEndAt: at,
    examStartAt: at,
    examEndAt: at,
    resultAt: at,
    questions: [],
    sections: [],
    prizes,
    prizeSource,
    prizesLocked: false,
  };
  return row as AdminQuizRow;
}

const issues = (values: QuizFormValues) => (quizFormSchema.safeParse(values).error?.issues ?? []).map((issue) => ({ path: issue.path.join("."), message: issue.message }));

describe("the admin's quiz form", () => {
  it("starts a new quiz with no contest model, and will not save one until a model is picked", () => {
    expect(newQuizValues().contestModel).toBe("");
    expect(issues(filled())).toContainEqual({ path: "contestModel", message: CONTEST_MODEL_REQUIRED });
  });

  it("starts a new quiz with no prize tier at all, cash or free pass, whatever the site allows: every tier is one the admin adds", () => {
    expect(newQuizValues()).toMatchObject({ prizeMoney: "0", prizes: [] });
  });

  it("saves a new quiz whose admin filled in only the basics, with no prizes, under either paid model", () => {
    const basics = { title: "Form Olympiad", formStartDate: "2031-01-01T10:00", formEndDate: "2031-01-02T10:00", examDate: "2031-01-03T10:00", resultDate: "2031-01-04T10:00" };
    expect(issues({ ...newQuizValues(), ...basics, contestModel: "paid_cash", cashPrizesLawfulConfirmed: true })).toEqual([]);
    expect(issues({ ...newQuizValues(), ...basics, contestModel: "paid_certificates" })).toEqual([]);
  });

  it("edits a stored quiz with the table it pays, and one without prizes with none (never the default table's tiers)", () => {
    const own: PrizeTierRow[] = [{ rankFrom: 1, rankTo: 1, kind: "cash", amountPaise: 50_000 }];
    expect(quizFormValues(storedQuiz(own, "own")).prizes).toEqual([{ rankFrom: "1", rankTo: "1", kind: "cash", amount: "500" }]);
    expect(quizFormValues(storedQuiz([], "none"))).toMatchObject({ prizeMoney: "0", prizes: [] });
  });

  it("starts a duplicate from the original's values, titled as a copy, its prizes and marking open and its lawfulness asked anew", () => {
    const original = { ...filled({ contestModel: "paid_cash", cashPrizesLawfulConfirmed: true, questions: ["q1", "q2"] }), prizesLocked: true };
    expect(copiedQuizValues({ values: original, isDemo: false })).toEqual({
      ...original,
      title: "Form Olympiad (copy)",
      cashPrizesLawfulConfirmed: false,
      prizesLocked: false,
    });
    // The copy is not the demo: the demo's questions, whose answers are public, stay behind.
    expect(copiedQuizValues({ values: original, isDemo: true }).questions).toEqual([]);
  });

  it("asks for the lawfulness confirmation on the checkbox when paid entry with cash prizes is picked, and sends it", () => {
    expect(issues(filled({ contestModel: "paid_cash" }))).toEqual([{ path: "cashPrizesLawfulConfirmed", message: CASH_PRIZES_UNCONFIRMED }]);
    const confirmed = quizFormSchema.parse(filled({ contestModel: "paid_cash", cashPrizesLawfulConfirmed: true }));
    expect(confirmed).toMatchObject({ contestModel: "paid_cash", cashPrizesLawfulConfirmed: true });
  });

  it("sends no confirmation for the other models, even if the box was ticked before the model changed", () => {
    const values = filled({ contestModel: "paid_certificates", cashPrizesLawfulConfirmed: true, prizeMoney: "0", prizes: [] });
    const parsed = quizFormSchema.parse(values);
    expect(parsed.contestModel).toBe("paid_certificates");
    expect(parsed.cashPrizesLawfulConfirmed).toBeUndefined();
  });
});
