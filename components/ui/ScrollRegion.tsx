import type { ReactNode } from "react";

/**
 * A wide table's sideways-scrolling box on a phone. It takes keyboard focus and is named, so the
 * arrow keys can scroll it without a mouse and a screen reader says what it holds (WCAG 2.1.1).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      // relative: a visually hidden header (sr-only, absolutely placed) far along a wide table is
      // held and clipped here; otherwise it hangs out at its place and widens the whole page.
      className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand"
    >
      {children}
    </div>
  );
}
