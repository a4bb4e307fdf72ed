import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { quizzes } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { POST as addQuizRoute } from "@/app/api/addquizes/route";
import { PUT as updateQuizRoute } from "@/app/api/updatequizes/[id]/route";
import { quizInput } from "@/tests/support/factories";
import { call } from "@/tests/support/http";
import { admin, participant } from "@/tests/support/users";
import { listCompetitions, loadDashboard } from "./index";
import { quizSchema, quizTextsIn, textIn } from "./schemas";

afterAll(closeDatabase);

const english = { title: "Winter Olympiad", titleHi: null, description: "Thirty questions.", descriptionHi: null };
const bilingual = { ...english, titleHi: "शीतकालीन ओलंपियाड", descriptionHi: "तीस प्रश्न।" };

describe("a quiz's texts in the page's language", () => {
  it("shows the Hindi text on a Hindi page, and the English one marked English where none was written", () => {
    expect(quizTextsIn("hi", bilingual)).toEqual({ title: { text: "शीतकालीन ओलंपियाड" }, description: { text: "तीस प्रश्न।" } });
    expect(quizTextsIn("hi", english)).toEqual({ title: { text: "Winter Olympiad", lang: "en" }, description: { text: "Thirty questions.", lang: "en" } });
    // Each text falls back on its own: a Hindi title with no Hindi description.
    expect(quizTextsIn("hi", { ...bilingual, descriptionHi: "" })).toEqual({ title: { text: "शीतकालीन ओलंपियाड" }, description: { text: "Thirty questions.", lang: "en" } });
  });

  it("shows the English text unmarked on an English page, Hindi written or not", () => {
    expect(quizTextsIn("en", bilingual)).toEqual({ title: { text: "Winter Olympiad" }, description: { text: "Thirty questions." } });
    expect(textIn("en", "Winter Olympiad", undefined)).toEqual({ text: "Winter Olympiad" });
  });
});

describe("the quiz payload's Hindi texts", () => {
  const body = (overrides: Record<string, unknown>) => ({ ...JSON.parse(JSON.stringify(quizInput())), ...overrides });

  it("takes them trimmed, reads blank or null as none, and leaves them out as unchanged", () => {
    expect(quizSchema.parse(body({ titleHi: "  शीतकालीन ओलंपियाड ", descriptionHi: "तीस प्रश्न।" }))).toMatchObject({ titleHi: "शीतकालीन ओलंपियाड", descriptionHi: "तीस प्रश्न।" });
    expect(quizSchema.parse(body({ titleHi: "   ", descriptionHi: null }))).toMatchObject({ titleHi: null, descriptionHi: null });
    const left = quizSchema.parse(body({}));
    expect(left.titleHi).toBeUndefined();
    expect(left.descriptionHi).toBeUndefined();
  });

  it("refuses a Hindi title or description that is too long or not text", () => {
    const refusal = (overrides: Record<string, unknown>) => quizSchema.safeParse(body(overrides)).error?.issues[0].message;
    expect(refusal({ titleHi: "क".repeat(121) })).toBe("Title (Hindi) must be at most 120 characters.");
    expect(refusal({ descriptionHi: "क".repeat(2001) })).toBe("Description (Hindi) must be at most 2000 characters.");
    expect(refusal({ titleHi: 5 })).toBeDefined();
    expect(refusal({ descriptionHi: "तीस\u0000" })).toBe("Description (Hindi) must not contain NUL characters.");
  });

  it("is stored by /api/addquizes, kept by an /api/updatequizes that leaves it out, and shown to participants", async () => {
    const boss = await admin();
    const input = body({ titleHi: "शीतकालीन ओलंपियाड", descriptionHi: "तीस प्रश्न।" });
    const added = await call(addQuizRoute, { as: boss, json: input });
    expect(added.status).toBe(201);
    const db = await getDb();
    const [stored] = await db.select().from(quizzes).where(eq(quizzes.title, input.title));
    expect(stored).toMatchObject({ titleHi: "शीतकालीन ओलंपियाड", descriptionHi: "तीस प्रश्न।" });

    // SPEC's payload, without the Hindi fields: the Hindi texts stay.
    const { titleHi: _titleHi, descriptionHi: _descriptionHi, ...spec } = input;
    expect((await call(updateQuizRoute, { method: "PUT", as: boss, params: { id: stored.id }, json: { ...spec, description: "Forty questions." } })).status).toBe(200);
    const competition = (await listCompetitions(await participant())).find((quiz) => quiz.id === stored.id);
    expect(competition).toMatchObject({ description: "Forty questions.", titleHi: "शीतकालीन ओलंपियाड", descriptionHi: "तीस प्रश्न।" });

    // Blank: none, so Hindi pages show the English text.
    expect((await call(updateQuizRoute, { method: "PUT", as: boss, params: { id: stored.id }, json: { ...spec, titleHi: "", descriptionHi: "" } })).status).toBe(200);
    const card = (await loadDashboard(await participant())).quizzes.find((quiz) => quiz.id === stored.id);
    expect(card).toMatchObject({ titleHi: null, descriptionHi: null });
  });
});
