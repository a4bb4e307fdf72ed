import { escapedAttribute } from "@/lib/content/schemas";

/** The names a screen reader gives the boxes, in the page's language. */
interface ScrollLabels {
  formula: string;
  table: string;
}


/**
 * A question's rendered HTML (lib/content) with each display formula and each table in a box of
 * its own that scrolls sideways, so one wider than a phone moves inside it, never the page
 * (WCAG 1.4.10). Each box is a named region that takes keyboard focus, for the arrow keys to scroll
 * it (WCAG 2.1.1), as ScrollRegion is. Done as the HTML is shown, so questions saved before it get
 * the boxes too. Named by title, not aria-label: the question's legend names its fieldset from its
 * content, where an aria-label would stand in for the formula or the table it holds.
 */
export function withScrollRegions(html: string, labels: ScrollLabels): string {
  const region = (label: string) => `role="region" title="${escapedAttribute(label)}" tabindex="0"`;
  return html
    .replaceAll('<span class="katex-display">', `<span class="katex-display" ${region(labels.formula)}>`)
    .replaceAll("<table>", `<div class="table-scroll" ${region(labels.table)}><table>`)
    .replaceAll("</table>", "</table></div>");
}
