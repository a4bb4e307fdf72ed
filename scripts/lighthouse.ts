/**
 * Lighthouse (mobile) on a production build with Debian's Chromium: the content pages (home, the
 * blog, an article, a category, winners, prizes, the quiz list, the legal pages) and, logged in as
 * a new participant, the dashboard and a quiz's instructions. Per page, the median of three runs:
 * the performance score, total blocking time, largest contentful paint, the compressed JavaScript
 * the page loads and its longest main-thread task; then the other three category scores and any
 * audit that costs them. Needs `npm run build` first.
 *
 *   npm run lighthouse                 # every page, three runs each
 *   npm run lighthouse -- --runs 1 / /tnc
 *   npm run lighthouse -- --project ../before    # another checkout's build, to compare side by side
 *   npm run lighthouse -- --reports DIR / # also each run's whole report as JSON, to see where the main thread's time goes
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/support/chromium";
import { freePort, temporaryDirectory } from "../tests/support/test-server";
import { undoAll, undoLater } from "./support/clean-up";
import { startProductionServer } from "./support/production-server";

const OTHER_CATEGORIES = ["accessibility", "best-practices", "seo"] as const;
/** The seeded sample paid quiz (lib/seed): its instructions page. */
const SEEDED_PAID_QUIZ = "5eed0000-0000-4000-8001-000000000002";

const { values: options, positionals } = parseArgs({ options: { runs: { type: "string", default: "3" }, project: { type: "string" }, reports: { type: "string" } }, allowPositionals: true });
const runs = Number(options.runs);

interface Run {
  performance: number;
  others: number[];
  totalBlockingMs: number;
  largestPaintMs: number;
  scriptKb: number;
  longestTaskMs: number;
  failing: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function sitemapPaths(base: string): Promise<{ article: string; category: string }> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const article = sitemap.match(/<loc>[^<]*(\/readblogs\/(?!category\/)[a-z0-9-]+)<\/loc>/);
  const category = sitemap.match(/<loc>[^<]*(\/readblogs\/category\/[a-z0-9-]+)<\/loc>/);
  if (!article || !category) throw new Error("no article or category in sitemap.xml");
  return { article: article[1], category: category[1] };
}

/** A new participant's session cookie, as the sign-up form gets it. */
async function participantCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ name: "Lighthouse Reader", email: `lighthouse-${Date.now()}@example.com`, password: "lighthouse-password-1", dob: "1990-01-01" }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

async function measure(url: string, port: number, cookie?: string): Promise<Run> {
  const flags: Flags = { port, output: "json", logLevel: "error", onlyCategories: ["performance", ...OTHER_CATEGORIES], extraHeaders: cookie ? { Cookie: cookie } : undefined };
  const lhr = (await lighthouse(url, flags))!.lhr;
  if (options.reports) {
    await mkdir(options.reports, { recursive: true });
    await writeFile(resolve(options.reports, `${new URL(url).pathname.replaceAll("/", "_") || "_"}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? 0;
  const requests = (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const tasks = (lhr.audits["long-tasks"]?.details as { items?: { duration: number }[] } | undefined)?.items ?? [];
  const failing = OTHER_CATEGORIES.flatMap((category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 0.9)
      .map((ref) => `${category}: ${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`),
  );
  return {
    performance: score("performance"),
    others: OTHER_CATEGORIES.map(score),
    totalBlockingMs: numeric("total-blocking-time"),
    largestPaintMs: numeric("largest-contentful-paint"),
    scriptKb: requests.filter((request) => request.resourceType === "Script").reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024,
    longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
    failing,
  };
}

const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = await temporaryDirectory("olympiad-lighthouse-");
undoLater(() => rm(dataDir, { recursive: true, force: true }));
await startProductionServer({ DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: String(await freePort()), NEXTAUTH_URL: base, APP_URL: base, NEXT_TELEMETRY_DISABLED: "1" }, port, { project: resolve(options.project ?? ".") });
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
undoLater(() => chrome.kill());
try {
  const { article, category } = await sitemapPaths(base);
  const cookie = await participantCookie(base);
  const publicPaths = ["/", "/readblogs", article, category, "/winnerleaderboard", "/prizelisting", "/quizeslist", "/tnc", "/privacypolicy"];
  const participantPaths = ["/dashboard", `/quizes/${SEEDED_PAID_QUIZ}`];
  const chosen = positionals.length > 0 ? positionals : [...publicPaths, ...participantPaths];

  console.log(`median of ${runs} run(s) per page, Lighthouse mobile (simulated 4× CPU slowdown and a slow 4G network)`);
  console.log(["page".padEnd(48), "perf", "TBT ms", "LCP ms", "JS KB", "longest task ms", ...OTHER_CATEGORIES].join("  "));
  for (const path of chosen) {
    const asParticipant = participantPaths.includes(path) ? cookie : undefined;
    // A first visit warms the server, so the measured ones are what a returning crawler sees.
    await fetch(`${base}${path}`, { headers: asParticipant ? { cookie: asParticipant } : {} });
    const measured: Run[] = [];
    for (let run = 0; run < runs; run++) measured.push(await measure(`${base}${path}`, chrome.port, asParticipant));
    const figure = (pick: (run: Run) => number) => median(measured.map(pick));
    console.log(
      [
        path.padEnd(48),
        String(figure((run) => run.performance)).padStart(4),
        String(Math.round(figure((run) => run.totalBlockingMs))).padStart(6),
        String(Math.round(figure((run) => run.largestPaintMs))).padStart(6),
        figure((run) => run.scriptKb).toFixed(1).padStart(5),
        String(Math.round(figure((run) => run.longestTaskMs))).padStart(15),
        ...OTHER_CATEGORIES.map((_, index) => String(figure((run) => run.others[index])).padStart(_.length)),
      ].join("  "),
    );
    for (const failing of new Set(measured.flatMap((run) => run.failing))) console.log(`   ${failing}`);
  }
} finally {
  await undoAll();
}
