import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_A_AND_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The serious and critical violations on the page (or the part `within` selects) as it stands, one readable line per element. */
async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  // Passing elements are only counted, not described (a unique selector per node): axe's own advice for long pages.
  // Legacy mode runs axe.run in the page itself. The default runs axe in each frame, then opens a
  // blank page to merge the frames' results, injecting axe's 550 KB again there: half of every
  // check's time (60 checks took 106 s, now 54 s). Its one loss, cross-origin frames, the app has none of.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(WCAG_A_AND_AA).options({ resultTypes: ["violations"] });
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${violation.help}\n    at ${node.target.join(" ")}\n    ${node.failureSummary?.replaceAll("\n", "\n    ")}`),
    );
}

/** Collects every page's violations, so one run reports them all rather than the first page's. */
export function checker(page: Page) {
  const found: string[] = [];
  return {
    async check(what: string, within?: string) {
      const violations = await seriousViolations(page, within);
      if (violations.length > 0) found.push(`${what} (${page.url()}):\n  ${violations.join("\n  ")}`);
    },
    expectNone() {
      expect(found, found.join("\n\n")).toEqual([]);
    },
  };
}
