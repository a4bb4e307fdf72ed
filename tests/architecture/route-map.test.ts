import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeEntries, routeFiles, routeMap, type RouteEntry } from "@/lib/http/route-map";
import { capabilitiesChecking } from "@/tests/support/capabilities";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MAP = path.join(ROOT, "docs/routes.md");

async function currentMap(): Promise<{ entries: RouteEntry[]; markdown: string }> {
  const entries: RouteEntry[] = [];
  for (const file of routeFiles(ROOT)) entries.push(...routeEntries(file, (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, unknown>));
  const checkedBy = await capabilitiesChecking();
  return { entries, markdown: routeMap(entries, (action) => [...(checkedBy.get(action) ?? [])][0]) };
}

describe("docs/routes.md", () => {
  it("lists every route handler as the code describes it (npm run routes:map rewrites it)", async () => {
    const { entries, markdown } = await currentMap();
    if (process.env.UPDATE_ROUTE_MAP) writeFileSync(MAP, markdown);
    expect(entries.length).toBeGreaterThan(80);
    expect(entries.map((entry) => entry.path)).toContain("/readblogs/feed.xml");
    expect(readFileSync(MAP, "utf8"), "docs/routes.md differs from the route handlers: run npm run routes:map").toBe(markdown);
  });

  it("names each of SPEC's verb-style calls beside what it does", async () => {
    const { markdown } = await currentMap();
    expect(markdown).toContain("| GET | `/api/getquizes` | Lists the quizzes | `quizzes.browse` | anyone | §7 `GET /getquizes` |");
    expect(markdown).toContain("| POST | `/api/quizzes/{quizId}/publish-results` | Publishes a quiz's results as frozen rows with their digest | `results.publish` | admin | not in SPEC |");
  });

  it("files each route under the capability whose services check its permission, not the permission's first word", async () => {
    const { markdown } = await currentMap();
    const review = markdown.slice(markdown.indexOf("## review"), markdown.indexOf("## uploads"));
    expect(review).toContain("| POST | `/api/responses/{attemptId}/disqualify` |");
    expect(review).toContain("| POST | `/api/quizzes/{quizId}/appeal` |");
    expect(markdown.slice(markdown.indexOf("## results"), markdown.indexOf("## review"))).toContain("| POST | `/api/quizzes/{quizId}/objections` |");
  });

  it("refuses a handler that does not say what it does", () => {
    const silent = Object.assign(async () => new Response(), { permission: "blog.read" });
    expect(() => routeMap(routeEntries("app/api/new-thing/route.ts", { GET: silent }))).toThrow("GET /api/new-thing");
  });
});
