import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyEntriesOf } from "./key";
import { checkResultsFile, publicResults, serialiseResults, TIE_RULE, type PublicResults, type ResultsEntry } from "./public-file";

const QUIZ = "11111111-1111-4111-8111-111111111111";

/** Ten marks a question; the third question is dropped, so everyone gets its mark. */
const BASIS = {
  quizId: QUIZ,
  revision: 1,
  previousDigest: null,
  reason: null,
  marksPerQuestion: 10,
  wrongAnswerMarks: 0,
  sections: [],
  key: keyEntriesOf([
    { questionId: "22222222-2222-4222-8222-000000000001", correctOptionIndex: 1, dropped: false },
    { questionId: "22222222-2222-4222-8222-000000000002", correctOptionIndex: 2, dropped: false },
    { questionId: "22222222-2222-4222-8222-000000000003", correctOptionIndex: 0, dropped: true },
  ]),
  // ₹300.01 over the first three places, then two free passes.
  prizes: [
    { rankFrom: 4, rankTo: 5, kind: "free_pass" as const, amountPaise: 0 },
    { rankFrom: 1, rankTo: 1, kind: "cash" as const, amountPaise: 20_000 },
    { rankFrom: 2, rankTo: 2, kind: "cash" as const, amountPaise: 10_000 },
    { rankFrom: 3, rankTo: 3, kind: "cash" as const, amountPaise: 1 },
  ],
};

/** Three tie at the top on score and time; B submitted first, so it takes the left-over paisa. */
const ENTRIES: ResultsEntry[] = [
  { pseudonym: "P-CCCC-CCCC-CCCC", answers: [1, 2, 0], timeTakenSeconds: 100, submittedAt: "2026-05-01T10:01:00.000Z" },
  { pseudonym: "P-AAAA-AAAA-AAAA", answers: [1, 2, null], timeTakenSeconds: 100, submittedAt: "2026-05-01T10:00:00.000Z" },
  { pseudonym: "P-EEEE-EEEE-EEEE", answers: [null, null, null], timeTakenSeconds: 60, submittedAt: "2026-05-01T10:02:00.000Z" },
  { pseudonym: "P-BBBB-BBBB-BBBB", answers: [1, 2, 3], timeTakenSeconds: 100, submittedAt: "2026-05-01T09:59:00.000Z" },
  { pseudonym: "P-DDDD-DDDD-DDDD", answers: [0, null, null], timeTakenSeconds: 50, submittedAt: "2026-05-01T10:03:00.000Z" },
];

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function published() {
  const text = serialiseResults(publicResults(BASIS, ENTRIES));
  return { text, digest: sha256(text), document: JSON.parse(text) as PublicResults };
}

/** The file with one row's fields changed, serialised as the server would. */
function tampered(document: PublicResults, pseudonym: string, change: Partial<PublicResults["rows"][number]>): string {
  return serialiseResults({ ...document, rows: document.rows.map((row) => (row.pseudonym === pseudonym ? { ...row, ...change } : row)) });
}

describe("the public results file (format 2)", () => {
  it("starts with the format, quiz, revision and chain, and holds the key, prizes, tie rule and every row without participant ids", () => {
    const { text, document } = published();
    expect(text.startsWith(`{"format":2,"quizId":"${QUIZ}","revision":1,"previousDigest":null,"reason":null,"marksPerQuestion":10,"key":[`)).toBe(true);
    expect(document.tieRule).toBe(TIE_RULE);
    expect(document.prizes.map((tier) => tier.rankFrom)).toEqual([1, 2, 3, 4]);
    expect(document.rows).toEqual([
      { pseudonym: "P-AAAA-AAAA-AAAA", answers: [1, 2, null], timeTakenSeconds: 100, submittedAt: "2026-05-01T10:00:00.000Z", score: 30, rank: 1, prizePaise: 10_000, freePass: false },
      { pseudonym: "P-BBBB-BBBB-BBBB", answers: [1, 2, 3], timeTakenSeconds: 100, submittedAt: "2026-05-01T09:59:00.000Z", score: 30, rank: 1, prizePaise: 10_001, freePass: false },
      { pseudonym: "P-CCCC-CCCC-CCCC", answers: [1, 2, 0], timeTakenSeconds: 100, submittedAt: "2026-05-01T10:01:00.000Z", score: 30, rank: 1, prizePaise: 10_000, freePass: false },
      { pseudonym: "P-DDDD-DDDD-DDDD", answers: [0, null, null], timeTakenSeconds: 50, submittedAt: "2026-05-01T10:03:00.000Z", score: 10, rank: 4, prizePaise: 0, freePass: true },
      { pseudonym: "P-EEEE-EEEE-EEEE", answers: [null, null, null], timeTakenSeconds: 60, submittedAt: "2026-05-01T10:02:00.000Z", score: 10, rank: 5, prizePaise: 0, freePass: true },
    ]);
    expect(text).not.toMatch(/participantId|email|name/);
  });

  it("recomputes every row of an untouched file from its answers, and gives the SHA-256 of the file as downloaded", () => {
    const { text, digest } = published();
    expect(checkResultsFile(text)).toEqual({
      quizId: QUIZ,
      revision: 1,
      rows: 5,
      digest,
      recomputedDigest: digest,
      givenDigest: null,
      firstDifference: null,
      ok: true,
    });
    expect(checkResultsFile(text, digest).ok).toBe(true);
    expect(checkResultsFile(text, digest.toUpperCase()).ok).toBe(true);
  });

  it("checks a pretty-printed copy by its canonical form: the digest covers the content, not the spacing", () => {
    const { text, digest } = published();
    expect(checkResultsFile(JSON.stringify(JSON.parse(text), null, 2), digest)).toMatchObject({ digest, ok: true });
  });

  it("names the first row whose prize was moved, and recomputes the published digest from the answers", () => {
    const { document, digest } = published();
    // A paisa moved from B (who submitted first) to A.
    const moved = serialiseResults({
      ...document,
      rows: document.rows.map((row) => (row.pseudonym === "P-AAAA-AAAA-AAAA" ? { ...row, prizePaise: 10_001 } : row.pseudonym === "P-BBBB-BBBB-BBBB" ? { ...row, prizePaise: 10_000 } : row)),
    });
    const check = checkResultsFile(moved, digest);
    expect(check.ok).toBe(false);
    expect(check.digest).not.toBe(digest);
    expect(check.recomputedDigest).toBe(digest);
    expect(check.firstDifference).toEqual({
      position: 1,
      pseudonym: "P-AAAA-AAAA-AAAA",
      inFile: { score: 30, rank: 1, prizePaise: 10_001, freePass: false },
      recomputed: { score: 30, rank: 1, prizePaise: 10_000, freePass: false },
    });
  });

  it("with negative marking, states the deduction after the marks and takes it for each wrong answer, not for one left unanswered; a file without it keeps its bytes", () => {
    const text = serialiseResults(publicResults({ ...BASIS, wrongAnswerMarks: 3 }, ENTRIES));
    expect(text).toContain(`"marksPerQuestion":10,"wrongAnswerMarks":3,"key":[`);
    expect(published().text).not.toContain("wrongAnswerMarks");
    const scores = Object.fromEntries((JSON.parse(text) as PublicResults).rows.map((row) => [row.pseudonym, row.score]));
    // D answered the first wrongly (−3), left the second (0) and gets the dropped third (+10).
    expect(scores).toEqual({ "P-AAAA-AAAA-AAAA": 30, "P-BBBB-BBBB-BBBB": 30, "P-CCCC-CCCC-CCCC": 30, "P-DDDD-DDDD-DDDD": 7, "P-EEEE-EEEE-EEEE": 10 });
    expect(checkResultsFile(text).ok).toBe(true);

    // Everyone wrong on both live questions: below zero, and the file still checks.
    const allWrong = serialiseResults(publicResults({ ...BASIS, wrongAnswerMarks: 15 }, [{ ...ENTRIES[0], answers: [0, 0, null] }]));
    expect(JSON.parse(allWrong).rows[0].score).toBe(-20);
    expect(checkResultsFile(allWrong).ok).toBe(true);
  });

  it("names a row whose score does not follow from its answers", () => {
    const { document } = published();
    const check = checkResultsFile(tampered(document, "P-DDDD-DDDD-DDDD", { score: 20 }));
    expect(check.ok).toBe(false);
    expect(check.firstDifference).toMatchObject({ position: 4, pseudonym: "P-DDDD-DDDD-DDDD", inFile: { score: 20 }, recomputed: { score: 10 } });
  });

  it("rejects a wrong digest, and a consistent file rebuilt from changed answers against the digest taken from outside", () => {
    const { text, digest, document } = published();
    expect(checkResultsFile(text, "0".repeat(64))).toMatchObject({ givenDigest: "0".repeat(64), firstDifference: null, ok: false });

    // E's answers changed and every row recomputed to match: the file agrees with itself, not with the mailed digest.
    const forged = serialiseResults(publicResults(BASIS, ENTRIES.map((entry) => (entry.pseudonym === "P-EEEE-EEEE-EEEE" ? { ...entry, answers: [1, null, null] } : entry))));
    expect(checkResultsFile(forged).ok).toBe(true);
    const check = checkResultsFile(forged, digest);
    expect(check).toMatchObject({ firstDifference: null, ok: false });
    expect(check.recomputedDigest).not.toBe(digest);
    expect(document.rows).toHaveLength(5);
  });

  it("refuses with a clear message what is not a format-2 results file", () => {
    const { text, document } = published();
    expect(() => checkResultsFile("not json")).toThrow(/not JSON/);
    expect(() => checkResultsFile(JSON.stringify({ ...document, format: 1 }))).toThrow(/format 2/);
    expect(() => checkResultsFile(JSON.stringify({ ...document, tieRule: "Whoever the admin likes." }))).toThrow(/tie rule/);
    expect(() => checkResultsFile(tampered(document, "P-AAAA-AAAA-AAAA", { answers: [1, 2] }))).toThrow(/P-AAAA-AAAA-AAAA.*3 answers/);
    expect(() => checkResultsFile(tampered(document, "P-AAAA-AAAA-AAAA", { pseudonym: "P-BBBB-BBBB-BBBB" }))).toThrow(/P-BBBB-BBBB-BBBB.*twice/);
    expect(checkResultsFile(text).ok).toBe(true);
  });
});
