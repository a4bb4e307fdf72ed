import path from "node:path";
import type { Action } from "@/lib/auth";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The capabilities whose doors hold services; infrastructure (db, storage, log, ...) is not walked. */
export const CAPABILITIES = ["accounts", "audit", "blog", "books", "certificates", "contact", "exam", "insights", "jobs", "notifications", "payments", "payouts", "quizzes", "results", "review", "uploads", "wallet"];

/** A function a door exports, with what service() or step() marked on it. */
export type Declared = ((...args: unknown[]) => Promise<unknown>) & { permission?: Action; step?: true };

export async function door(capability: string): Promise<Record<string, unknown>> {
  return (await import(/* @vite-ignore */ path.join(ROOT, "lib", capability, "index.ts"))) as Record<string, unknown>;
}

/** For each action, the capabilities whose door services check it. */
export async function capabilitiesChecking(): Promise<Map<Action, Set<string>>> {
  const checkedBy = new Map<Action, Set<string>>();
  for (const capability of CAPABILITIES) {
    for (const fn of Object.values(await door(capability)) as Declared[]) {
      if (typeof fn !== "function" || !fn.permission) continue;
      checkedBy.set(fn.permission, (checkedBy.get(fn.permission) ?? new Set()).add(capability));
    }
  }
  return checkedBy;
}
