import { describe, expect, it } from "vitest";
import { copiedQuizValues, newQuizValues, quizFormSchema, type QuizFormValues } from "@/components/admin/quizFormValues";
import { CASH_PRIZES_UNCONFIRMED, CONTEST_MODEL_REQUIRED } from "@/lib/catalogue";
import type { PrizeTierRow } from "@/lib/quizzes/schemas";

const DEFAULT_PRIZES: PrizeTierRow[] = [
  { rankFrom: 1, rankTo: 1, kind: "cash", amountPaise: 100_000 },
  { rankFrom: 2, rankTo: 5, kind: "free_pass", amountPaise: 0 },
];

/** A new quiz's form filled in, but for the contest model. */
function filled(values: Partial<QuizFormValues> = {}, cashPrizesAllowed = true): QuizFormValues {
  return {
    ...newQuizValues(DEFAULT_PRIZES, cashPrizesAllowed),
    title: "Form Olympiad",
    prizeMoney: "1000",
    formStartDate: "2031-01-01T10:00",
    formEndDate: "2031-01-02T10:00",
    examDate: "2031-01-03T10:00",
    resultDate: "2031-01-04T10:00",
    ...values,
  };
}

const issues = (values: QuizFormValues) => (quizFormSchema.safeParse(values).error?.issues ?? []).map((issue) => ({ path: issue.path.join("."), message: issue.message }));

describe("the admin's quiz form", () => {
  it("starts a new quiz with no contest model, and will not save one until a model is picked", () => {
    expect(newQuizValues(DEFAULT_PRIZES).contestModel).toBe("");
    expect(newQuizValues(DEFAULT_PRIZES, true).contestModel).toBe("");
    expect(issues(filled())).toContainEqual({ path: "contestModel", message: CONTEST_MODEL_REQUIRED });
  });

  it("starts without prizes worth money (cash or free passes) where cash prizes for a paid entry are forbidden, as they are unless allowed", () => {
    expect(newQuizValues(DEFAULT_PRIZES)).toMatchObject({ prizeMoney: "0", prizes: [] });
    expect(newQuizValues(DEFAULT_PRIZES, true).prizes.map((row) => row.kind)).toEqual(["cash", "free_pass"]);
  });

  it("starts with prize money that the prize table adds up to, so a new quiz saves without touching either", () => {
    const basics = { title: "Form Olympiad", formStartDate: "2031-01-01T10:00", formEndDate: "2031-01-02T10:00", examDate: "2031-01-03T10:00", resultDate: "2031-01-04T10:00" };
    expect(newQuizValues(DEFAULT_PRIZES, true).prizeMoney).toBe("1000");
    expect(newQuizValues(DEFAULT_PRIZES).prizeMoney).toBe("0");
    expect(issues({ ...newQuizValues(DEFAULT_PRIZES, true), ...basics, contestModel: "paid_cash", cashPrizesLawfulConfirmed: true })).toEqual([]);
    expect(issues({ ...newQuizValues(DEFAULT_PRIZES), ...basics, contestModel: "paid_certificates" })).toEqual([]);
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
    const values = filled({ contestModel: "paid_certificates", cashPrizesLawfulConfirmed: true, prizeMoney: "0", prizes: [] }, false);
    const parsed = quizFormSchema.parse(values);
    expect(parsed.contestModel).toBe("paid_certificates");
    expect(parsed.cashPrizesLawfulConfirmed).toBeUndefined();
  });
});
