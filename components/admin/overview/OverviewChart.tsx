"use client";

import dynamic from "next/dynamic";
import type { ChartSpec } from "./chartTypes";

/**
 * Recharts is loaded only when the Overview draws a chart (its own chunk, fetched in the browser),
 * so no other page or tab pays for it. The chart repeats the table next to it, which carries the
 * figures for screen readers and keyboards; the drawing itself is hidden from assistive technology.
 */
const Chart = dynamic(() => import("./RechartsChart"), {
  ssr: false,
  loading: () => <div className="h-full animate-pulse rounded bg-slate-100 motion-reduce:animate-none" />,
});

export function OverviewChart({ spec, height = 240 }: { spec: ChartSpec; height?: number }) {
  return (
    <div aria-hidden="true" style={{ height }} className="w-full min-w-0">
      <Chart spec={spec} />
    </div>
  );
}
