import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ACTIONS, PERMISSIONS, VISITOR, type ActiveUser } from "@/lib/auth";
import { closeDatabase } from "@/lib/db";
import { Forbidden, Unauthenticated } from "@/lib/errors";
import { METHODS, routeFiles } from "@/lib/http/route-map";
import { CAPABILITIES, capabilitiesChecking, door, type Declared } from "@/tests/support/capabilities";

afterAll(closeDatabase);

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Routes that are deliberately not behind route(): each says why. */
const OUTSIDE_THE_WRAPPER: Record<string, string> = {
  "app/api/health/route.ts": "liveness touches nothing, not even the database",
  "app/api/ready/route.ts": "readiness must answer while the database is down",
  "app/api/auth/[...nextauth]/route.ts": "next-auth's own endpoints (sign-out, CSRF token); sign-in is /api/login",
};

/** Door functions that are process plumbing, not done on anyone's behalf: each says why. */
const PLUMBING: Record<string, string> = {
  "jobs.jobQueue": "this process's queue connection, opened by lib/server",
  "jobs.startJobQueue": "starts pg-boss on a database; lib/server and the job tests",
  "jobs.stopJobQueue": "graceful shutdown",
};

/**
 * What a function's own body may not do unless it declares a permission or is a step (imported
 * names appear as `(0, __vi_import_n__.getDb)()` once Vitest has transformed them).
 */
const TOUCHES_DATA = /\b(getDb|connectDatabase|storage)\b|\.(transaction|insert|update|delete|execute)\(/;

const participant: ActiveUser = { id: "00000000-0000-4000-8000-000000000001", name: "Someone", email: "someone@example.test", role: "participant" };

describe("every route handler declares its permission", () => {
  const files = routeFiles(ROOT);

  it("finds the routes", () => {
    expect(files.length).toBeGreaterThan(45);
  });

  it.each(files)("%s", async (file) => {
    const routeModule = (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, unknown>;
    const handlers = METHODS.filter((method) => typeof routeModule[method] === "function");
    expect(handlers.length).toBeGreaterThan(0);
    if (OUTSIDE_THE_WRAPPER[file]) return;
    for (const method of handlers) {
      expect(ACTIONS, `${method} ${file}`).toContain((routeModule[method] as Declared).permission);
    }
  });
});

describe("every service at a capability's door takes an actor and checks a permission", () => {
  it.each(CAPABILITIES)("lib/%s", async (capability) => {
    const functions = Object.entries(await door(capability)).filter((entry): entry is [string, Declared] => typeof entry[1] === "function");
    expect(functions.length).toBeGreaterThan(0);

    for (const [name, fn] of functions) {
      const label = `${capability}.${name}`;
      if (fn.permission) {
        expect(ACTIONS, label).toContain(fn.permission);
        // The check runs before the body: no arguments are needed to be refused.
        if (!PERMISSIONS.visitor[fn.permission]) await expect(fn(VISITOR), label).rejects.toBeInstanceOf(Unauthenticated);
        if (!PERMISSIONS.participant[fn.permission]) await expect(fn(participant), label).rejects.toBeInstanceOf(Forbidden);
      } else if (!fn.step && !PLUMBING[label]) {
        expect(fn.toString(), `${label} reads or writes data but declares no permission`).not.toMatch(TOUCHES_DATA);
      }
    }
  });
});

/** Actions a second capability's services also check: each says why. */
const SHARED_ACTIONS: Record<string, string> = {
  "notifications.deliver": "results' announcement job delivers in-app notices and mail as the system, as notifications' own delivery job does",
};

describe("each action is checked by one capability's services", () => {
  it("so a folder's services check its own permissions (review keeps the exam.* names its routes had)", async () => {
    const checkedBy = await capabilitiesChecking();
    const shared = [...checkedBy].filter(([action, capabilities]) => capabilities.size > 1 && !SHARED_ACTIONS[action]).map(([action, capabilities]) => `${action}: ${[...capabilities].join(", ")}`);
    expect(shared).toEqual([]);
    expect(checkedBy.get("exam.disqualify")).toEqual(new Set(["review"]));
    expect(checkedBy.get("results.manageKey")).toEqual(new Set(["results"]));
  });
});

