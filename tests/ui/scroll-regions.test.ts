import { describe, expect, it } from "vitest";
import { withScrollRegions } from "@/components/ui/scrollRegions";
import { renderContent } from "@/lib/content/render";

const LABELS = { formula: "Formula, scroll sideways", table: 'Table "wide" & <long>' };

/** The HTML as a browser would build it: the regions with their names and tab stops. */
function regions(html: string) {
  const found = [...html.matchAll(/<(span|div) class="(katex-display|table-scroll)" role="region" title="([^"]*)" tabindex="0">/g)];
  return found.map(([, , kind, label]) => ({ kind, label }));
}

describe("a question's wide formulas and tables", () => {
  it("each sit in a named region a keyboard can reach, as saved questions render them", () => {
    const { html } = renderContent("A formula: $$x^2 - 5x + 6 = 0$$ and a table:\n\n| x | 2 | 3 |\n| --- | --- | --- |\n| f(x) | 0 | 0 |\n\nand $$\\frac{1}{2}$$", "question");
    const shown = withScrollRegions(html, LABELS);
    expect(regions(shown)).toEqual([
      { kind: "katex-display", label: "Formula, scroll sideways" },
      { kind: "table-scroll", label: "Table &quot;wide&quot; &amp; &lt;long>" },
      { kind: "katex-display", label: "Formula, scroll sideways" },
    ]);
    // The table is whole inside its box: opened before it, closed after it.
    expect(shown).toMatch(/tabindex="0"><table>[\s\S]*<\/table><\/div>/);
  });

  it("leaves inline formulas and plain paragraphs as they are", () => {
    const { html } = renderContent("Which is $x^2$ when $x = 3$?", "question");
    expect(withScrollRegions(html, LABELS)).toBe(html);
  });
});
