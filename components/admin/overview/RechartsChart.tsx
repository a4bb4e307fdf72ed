"use client";

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatRupees } from "@/lib/money";
import type { ChartSpec } from "./chartTypes";

const TICK = { fontSize: 12, fill: "#334155" };

function formatValue(unit: ChartSpec["unit"], value: number): string {
  if (unit === "rupees") return `₹${formatRupees(value)}`;
  if (unit === "ratio") return value.toFixed(2);
  return new Intl.NumberFormat("en-IN").format(value);
}

/**
 * One chart of the Overview. `accessibilityLayer` is off: the drawing is aria-hidden beside its
 * table, and a focusable chart inside an aria-hidden box would trap keyboard users in nothing.
 * Sized by its parent, so a 375 px phone gets a narrower chart with fewer ticks, not a scrollbar.
 */
export default function RechartsChart({ spec }: { spec: ChartSpec }) {
  const { kind, data, x, series, unit = "count", stacked = false } = spec;
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
      <XAxis dataKey={x} tick={TICK} interval="preserveStartEnd" minTickGap={12} />
      <YAxis tick={TICK} width={unit === "rupees" ? 72 : 40} allowDecimals={unit === "ratio"} tickFormatter={(value: number) => formatValue(unit, value)} />
      <Tooltip formatter={(value) => formatValue(unit, Number(value))} />
      {/* Legend text in the axis colour: amber text on white would be too faint to read. */}
      {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} formatter={(value) => <span style={{ color: TICK.fill }}>{value}</span>} />}
      {unit === "ratio" && <ReferenceLine y={0} stroke="#475569" />}
    </>
  );
  return (
    <ResponsiveContainer width="100%" height="100%">
      {kind === "line" ? (
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          {axes}
          {series.map((line) => (
            <Line key={line.key} type="monotone" dataKey={line.key} name={line.label} stroke={line.color} strokeWidth={2} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      ) : (
        <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          {axes}
          {series.map((bar) => (
            <Bar key={bar.key} dataKey={bar.key} name={bar.label} fill={bar.color} stackId={stacked ? "stack" : undefined} maxBarSize={48} isAnimationActive={false} />
          ))}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
