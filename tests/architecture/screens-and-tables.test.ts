import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Screens take content types from lib/ (lib/content, lib/<capability>/schemas), never from the
 * table definitions: a component typed by a column changes whenever the table does.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: ROOT });

async function ruleIds(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.resolve(ROOT, file) });
  return result.messages.map((message) => message.ruleId ?? message.message).filter((id) => id.startsWith("olympiad/"));
}

/** The modules a source names: static imports and exports, and dynamic imports. */
function specifiers(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((match) => match[1]);
}

const isTables = (file: string, specifier: string) =>
  specifier === "@/db/schema" || (specifier.startsWith(".") && path.relative(ROOT, path.resolve(path.dirname(file), specifier)).replace(/\.ts$/, "") === path.join("db", "schema"));

describe("screens and the table definitions", () => {
  it("refuses a component's import of db/schema, a type import as a value import", async () => {
    const refused = [
      'import type { RenderedWording } from "@/db/schema";\nexport type Wording = RenderedWording;\n',
      'import { type AnswerType } from "../db/schema";\nexport type Kind = AnswerType;\n',
      'import { questions } from "@/db/schema";\nexport const table = questions;\n',
    ];
    for (const source of refused) expect(await ruleIds("components/Fixture.tsx", source), source).toEqual(["olympiad/capability-boundaries"]);
    const allowed = 'import type { RenderedWording } from "@/lib/content";\nimport type { AnswerType } from "@/lib/quizzes/schemas";\nexport type Both = [RenderedWording, AnswerType];\n';
    expect(await ruleIds("components/Fixture.tsx", allowed)).toEqual([]);
  });

  it("finds db/schema imported by no file under components/", () => {
    const files = readdirSync(path.join(ROOT, "components"), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.(ts|tsx)$/.test(name))
      .map((name) => path.join(ROOT, "components", name));
    expect(files.length).toBeGreaterThan(0);
    const importers = files.filter((file) => specifiers(readFileSync(file, "utf8")).some((specifier) => isTables(file, specifier)));
    expect(importers.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it("reads an import of db/schema in any of its spellings", () => {
    const file = path.join(ROOT, "components/exam/Fixture.tsx");
    for (const source of ['import type { A } from "@/db/schema";', "import { type A } from '../../db/schema';", 'export type { A } from "@/db/schema";', 'const tables = await import("@/db/schema");']) {
      expect(specifiers(source).some((specifier) => isTables(file, specifier)), source).toBe(true);
    }
    expect(specifiers('import type { A } from "@/lib/content";').some((specifier) => isTables(file, specifier))).toBe(false);
  });
});
