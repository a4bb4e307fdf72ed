/** Starts the calls together (they are already running) and sorts what they came to. */
export async function settled<T>(calls: Promise<T>[]): Promise<{ values: T[]; errors: unknown[] }> {
  const outcomes = await Promise.allSettled(calls);
  return {
    values: outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : [])),
    errors: outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : [])),
  };
}

/** The calls that have answered within `ms` (the rest are still waiting, in a line say). */
export async function settledWithin<T>(calls: Promise<T>[], ms: number): Promise<T[]> {
  const answered: T[] = [];
  for (const pending of calls) void pending.then((answer) => answered.push(answer));
  await new Promise((resolve) => setTimeout(resolve, ms));
  return answered;
}
