/** What a chart of the Overview draws: plain data, so a server component can pass it to the client. */
interface ChartSeries {
  key: string;
  label: string;
  /** A Tailwind-palette hex colour; series next to each other differ in lightness too, for colour-blind readers. */
  color: string;
}

export interface ChartSpec {
  kind: "bar" | "line";
  data: object[];
  /** The category on the x axis. */
  x: string;
  series: ChartSeries[];
  /** Shown under the axis ticks' values: "₹" prefixes amounts. */
  unit?: "count" | "rupees" | "ratio";
  /** Bars stacked rather than side by side. */
  stacked?: boolean;
}
