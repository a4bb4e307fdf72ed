import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** No module reaches itself through its imports (type imports included): layers stay layers. */
const ROOT = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["lib", "app", "components"];
const IMPORT = /(?:import|export)\s[^"']*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

function resolve(specifier: string, from: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")].find((candidate) => existsSync(candidate) && !candidate.endsWith(path.sep)) ?? null;
}

function importGraph(): Map<string, string[]> {
  const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)));
  return new Map(
    files.map((file) => {
      const targets = [...readFileSync(file, "utf8").matchAll(IMPORT)].map((match) => resolve(match[1] ?? match[2], file));
      return [file, targets.filter((target): target is string => target !== null && /\.(ts|tsx)$/.test(target))];
    }),
  );
}

/** Each cycle once, as the list of files around it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "visiting");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "visiting") found.push(stack.slice(stack.indexOf(next)).map((entry) => path.relative(ROOT, entry)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe("the import graph", () => {
  it("reads the modules of lib, app and components", () => {
    expect(importGraph().size).toBeGreaterThan(200);
  });

  it("has no circles", () => {
    expect(cycles(importGraph())).toEqual([]);
  });
});
