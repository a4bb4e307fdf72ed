/**
 * JSON with every object's keys in code-point order, for signatures over data that PostgreSQL
 * stores as jsonb (which keeps keys in an order of its own): the value as JSON.stringify would
 * write it (dates as their ISO text, undefined fields left out), keys sorted at every level.
 */
export function canonicalJson(value: unknown): string {
  return canonical(JSON.parse(JSON.stringify(value ?? null)) as unknown);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
