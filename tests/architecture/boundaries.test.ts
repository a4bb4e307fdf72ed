import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The boundary rules, shown on fixtures: each source is linted as if it lived at the given path
 * in this project, with the project's own ESLint configuration.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../..") });

async function ruleIds(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.resolve(import.meta.dirname, "../..", file) });
  return result.messages.map((message) => message.ruleId ?? message.message).filter((id) => id.startsWith("olympiad/"));
}

describe("the capability boundary rule", () => {
  it("refuses lib/db in a page or a component", async () => {
    expect(await ruleIds("app/fixture/page.tsx", 'import { getDb } from "@/lib/db";\nexport default async function Page() { await getDb(); return null; }\n')).toEqual(["olympiad/capability-boundaries"]);
    expect(await ruleIds("components/Fixture.tsx", 'import { users } from "@/db/schema";\nexport const columns = users;\n')).toEqual(["olympiad/capability-boundaries"]);
    expect(await ruleIds("components/Fixture.tsx", 'import { storage } from "@/lib/storage";\nexport const store = storage;\n')).toEqual(["olympiad/capability-boundaries"]);
  });

  it("refuses another capability's internal file, from lib/ as from a page", async () => {
    expect(await ruleIds("lib/results/fixture.ts", 'import "server-only";\nimport { saveAnswer } from "@/lib/exam/answers";\nexport const save = saveAnswer;\n')).toEqual(["olympiad/capability-boundaries"]);
    expect(await ruleIds("lib/results/fixture.ts", 'import "server-only";\nimport { lockWallet } from "../wallet/ledger";\nexport const lock = lockWallet;\n')).toEqual(["olympiad/capability-boundaries"]);
    expect(await ruleIds("app/fixture/page.tsx", 'import { listArticles } from "@/lib/blog/service";\nexport const list = listArticles;\n')).toEqual(["olympiad/capability-boundaries"]);
  });

  it("lets a capability use its own files, other doors and schemas, and the database", async () => {
    const source = [
      'import "server-only";',
      'import { getDb } from "@/lib/db";',
      'import { saveAnswer } from "@/lib/exam";',
      'import { answerSaveSchema } from "@/lib/exam/schemas";',
      'import { rankParticipants } from "./ranking";',
      "export const all = [getDb, saveAnswer, answerSaveSchema, rankParticipants];",
      "",
    ].join("\n");
    expect(await ruleIds("lib/results/fixture.ts", source)).toEqual([]);
    expect(await ruleIds("app/fixture/page.tsx", 'import { startExam } from "@/lib/exam";\nimport { creditSchema } from "@/lib/wallet/schemas";\nexport const all = [startExam, creditSchema];\n')).toEqual([]);
  });
});

describe("the client-imports rule", () => {
  it("refuses a value from a server door in a client component, and allows its types", async () => {
    const value = '"use client";\nimport { startExam } from "@/lib/exam";\nexport const start = startExam;\n';
    const types = '"use client";\nimport type { ExamView } from "@/lib/exam";\nimport { answerSaveSchema } from "@/lib/exam/schemas";\nexport type View = ExamView;\nexport const schema = answerSaveSchema;\n';
    expect(await ruleIds("components/Fixture.tsx", value)).toEqual(["olympiad/client-imports"]);
    expect(await ruleIds("components/Fixture.tsx", types)).toEqual([]);
  });
});

describe("the one-way rule", () => {
  it("refuses an import against results → review → exam → quizzes, from a door as from a schema", async () => {
    const backwards = [
      ["lib/quizzes/fixture.ts", 'import { prizeTablesOf } from "@/lib/results";\nexport const tables = prizeTablesOf;\n'],
      ["lib/exam/fixture.ts", 'import { listResponses } from "@/lib/review";\nexport const list = listResponses;\n'],
      ["lib/review/fixture.ts", 'import { revisionSchema } from "@/lib/results/schemas";\nexport const schema = revisionSchema;\n'],
      ["lib/quizzes/fixture.ts", 'import type { ExamView } from "@/lib/exam";\nexport type View = ExamView;\n'],
    ];
    for (const [file, source] of backwards) expect(await ruleIds(file, source), file).toEqual(["olympiad/one-way"]);
  });

  it("lets each use those after it, and leaves other capabilities and tests alone", async () => {
    expect(await ruleIds("lib/results/fixture.ts", 'import { assertNoOpenAppeals } from "@/lib/review";\nimport { startExam } from "@/lib/exam";\nimport { prizeTablesOf } from "@/lib/quizzes";\nexport const all = [assertNoOpenAppeals, startExam, prizeTablesOf];\n')).toEqual([]);
    expect(await ruleIds("lib/payouts/fixture.ts", 'import { publishResults } from "@/lib/results";\nexport const publish = publishResults;\n')).toEqual([]);
    expect(await ruleIds("lib/exam/fixture.test.ts", 'import { listResponses } from "@/lib/review";\nexport const list = listResponses;\n')).toEqual([]);
  });
});

describe("the server-only rule", () => {
  it("asks a lib/ module that touches the database to start with server-only", async () => {
    const bare = 'import { getDb } from "@/lib/db";\nexport const db = getDb;\n';
    expect(await ruleIds("lib/results/fixture.ts", bare)).toEqual(["olympiad/server-only"]);
    expect(await ruleIds("lib/results/fixture.ts", `import "server-only";\n${bare}`)).toEqual([]);
  });
});
