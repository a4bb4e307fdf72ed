import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as errors from "@/lib/errors";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every TypeScript source file the server runs: lib/ and app/, not tests. */
function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The refusals a service may throw: every DomainError subclass lib/errors.ts exports. */
const REFUSALS = Object.entries(errors)
  .filter(([, value]) => typeof value === "function" && (value === errors.DomainError || value.prototype instanceof errors.DomainError))
  .map(([name]) => name);

/** A refusal (or a catalogue lookup) built from a string literal: a text only English readers could read. */
const LITERAL_REFUSAL = new RegExp(`\\bnew (${REFUSALS.join("|")})\\(\\s*["'\`]|\\bcatalogued\\(\\s*["'\`]`);

describe("every refusal is a catalogue text, answered in the reader's language", () => {
  it("recognises a refusal built from a string literal", () => {
    expect(REFUSALS).toEqual(expect.arrayContaining(["DomainError", "Invalid", "Forbidden", "NotFound", "Conflict"]));
    expect(`throw new NotFound("No such quiz.");`).toMatch(LITERAL_REFUSAL);
    expect(`throw new Conflict(\n  'Taken.')`).toMatch(LITERAL_REFUSAL);
    expect(`throw new NotFound(message("noSuchQuiz"));`).not.toMatch(LITERAL_REFUSAL);
  });

  it("finds none in lib/ or app/", () => {
    const offenders = [...sources(path.join(ROOT, "lib")), ...sources(path.join(ROOT, "app"))].flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return [...text.matchAll(new RegExp(LITERAL_REFUSAL, "g"))].map((found) => `${path.relative(ROOT, file)}:${text.slice(0, found.index).split("\n").length}: ${found[0]}`);
    });
    expect(offenders).toEqual([]);
  });
});
