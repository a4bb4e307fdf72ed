/**
 * Lighthouse (mobile) on the home page and a blog article of a production build, with
 * Debian's Chromium; prints the four category scores. Needs `npm run build` first.
 *
 *   npm run lighthouse
 */
import { rm } from "node:fs/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/support/chromium";
import { freePort, temporaryDirectory } from "../tests/support/test-server";
import { undoAll, undoLater } from "./support/clean-up";
import { startProductionServer } from "./support/production-server";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

async function firstArticle(base: string): Promise<string> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const article = sitemap.match(/<loc>[^<]*(\/readblogs\/[a-z0-9-]+)<\/loc>/);
  if (!article) throw new Error("no article in sitemap.xml");
  return article[1];
}

const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = await temporaryDirectory("olympiad-lighthouse-");
undoLater(() => rm(dataDir, { recursive: true, force: true }));
await startProductionServer({ DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: String(await freePort()), NEXTAUTH_URL: base, APP_URL: base, NEXT_TELEMETRY_DISABLED: "1" }, port);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});
undoLater(() => chrome.kill());
try {
  console.log("page".padEnd(48), ...CATEGORIES.map((category) => category.padStart(15)));
  for (const path of ["/", await firstArticle(base)]) {
    // A first visit warms the server, so the measured one is what a returning crawler sees.
    await fetch(`${base}${path}`);
    const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    const scores = CATEGORIES.map((category) => Math.round((result?.lhr.categories[category]?.score ?? 0) * 100));
    console.log(path.padEnd(48), ...scores.map((score) => String(score).padStart(15)));
    for (const category of CATEGORIES) {
      const failing = Object.values(result?.lhr.audits ?? {}).filter((audit) => audit.score !== null && audit.score < 0.9 && result?.lhr.categories[category]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0));
      for (const audit of failing) console.log(`   ${category}: ${audit.id} (${audit.displayValue ?? audit.score})`);
    }
  }
} finally {
  await undoAll();
}
