import { readdirSync } from "node:fs";
import path from "node:path";
import { PERMISSIONS, type Action } from "@/lib/auth";
import type { RouteDescription } from "./route";

/**
 * docs/routes.md, written from the handlers themselves (`route({ can, does })`): a newcomer finds
 * every call with its permission, who holds it, and whether SPEC §7 names it. `npm run routes:map`
 * writes it; tests/architecture/route-map.test.ts fails when it and the code differ.
 */

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** The calls SPEC §7 lists (base path /api), as it writes them. */
const SPEC_CALLS = new Set([
  "GET /wallet/history",
  "POST /wallet/credit",
  "POST /wallet/debit",
  "PUT /wallet/transaction/{id}",
  "GET /getquizes",
  "POST /addquizes",
  "PUT /updatequizes/{id}",
  "DELETE /deletequizes/{id}",
  "GET /getallquestions",
  "POST /addquestions",
  "PUT /updatequestions/{id}",
  "DELETE /deletequestions/{id}",
  "POST /saveresponse",
  "GET /responses",
  "POST /notifications/send-notification",
  "POST /notifications/subscribe",
  "POST /upload",
  "GET /files",
  "POST /wasabi/upload-exam-chunk",
  "POST /wasabi/upload-snapshot",
  "POST /google-login",
  "POST /login",
  "POST /register",
  "POST /referstatus",
  "PUT /editUser/{id}",
  "DELETE /deleteUser/{id}",
  "GET /getblogs",
  "POST /addblog",
  "PUT /updateblog/{id}",
  "DELETE /deleteblog/{id}",
  "POST /forgotpassword",
  "POST /passwordreset",
]);

/** Every route file under app/ (the API and the blog's feed), relative to the project root. */
export function routeFiles(root: string, directory = path.join(root, "app")): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) return routeFiles(root, full);
      return entry.name === "route.ts" ? [path.relative(root, full)] : [];
    })
    .sort();
}

export interface RouteEntry {
  method: (typeof METHODS)[number];
  /** As the browser calls it: /api/exam/{quizId}/start. */
  path: string;
  description: Partial<RouteDescription>;
}

/** The handlers a route module exports, each with what it says of itself. */
export function routeEntries(file: string, routeModule: Record<string, unknown>): RouteEntry[] {
  const urlPath = `/${path.dirname(file).replace(/^app\//, "")}`.replace(/\[\.\.\.(\w+)\]/g, "{...$1}").replace(/\[(\w+)\]/g, "{$1}");
  return METHODS.filter((method) => typeof routeModule[method] === "function").map((method) => ({
    method,
    path: urlPath,
    description: routeModule[method] as Partial<RouteDescription>,
  }));
}

/** Who holds the permission: the least role that does, and whether only on their own data. */
function holders(action: Action): string {
  if (PERMISSIONS.visitor[action]) return "anyone";
  const participant = PERMISSIONS.participant[action];
  if (participant === "own") return PERMISSIONS.admin[action] === "any" ? "signed-in (own); admin (anyone's)" : "signed-in (own)";
  if (participant) return "signed-in";
  return PERMISSIONS.admin[action] ? "admin" : "system";
}

/**
 * The map as markdown, a table per capability in path order: the capability whose services check
 * the route's permission (`ownerOf`), else the permission's first word (health, metrics, ...).
 */
export function routeMap(entries: RouteEntry[], ownerOf: (action: Action) => string | undefined = () => undefined): string {
  const missing = entries.filter((entry) => !entry.description.permission || !entry.description.does);
  if (missing.length) throw new Error(`These handlers do not say what they do (route({ can, does })): ${missing.map((entry) => `${entry.method} ${entry.path}`).join(", ")}`);
  const byCapability = new Map<string, RouteEntry[]>();
  for (const entry of entries) {
    const capability = ownerOf(entry.description.permission!) ?? entry.description.permission!.split(".")[0];
    byCapability.set(capability, [...(byCapability.get(capability) ?? []), entry]);
  }
  const sections = [...byCapability.keys()].sort().map((capability) => {
    const rows = byCapability
      .get(capability)!
      .sort((a, b) => a.path.localeCompare(b.path, "en") || METHODS.indexOf(a.method) - METHODS.indexOf(b.method))
      .map(({ method, path: urlPath, description }) => {
        const specName = `${method} ${urlPath.replace(/^\/api/, "")}`;
        const spec = SPEC_CALLS.has(specName) ? `§7 \`${specName}\`` : "not in SPEC";
        return `| ${method} | \`${urlPath}\` | ${description.does} | \`${description.permission}\` | ${holders(description.permission!)} | ${spec} |`;
      });
    return [`## ${capability}`, "", "| Method | Path | What it does | Permission | Who may call | SPEC |", "|---|---|---|---|---|---|", ...rows].join("\n");
  });
  return [
    "# Routes",
    "",
    "Every route handler (the calls under `/api` and the blog's feed), grouped by the capability whose services check its permission (review keeps the `exam.*` and `results.appeal` names its routes always had). Written by `npm run routes:map` from each handler's own `route({ can, does })`; `tests/architecture/route-map.test.ts` fails when this file and the code differ. Permissions are defined in `lib/auth/permissions.ts`; every service checks its permission again. SPEC's verb-style names (`/getquizes`, `/addblog`, ...) are kept as SPEC §7 writes them.",
    "",
    ...sections.flatMap((section) => [section, ""]),
  ].join("\n");
}
