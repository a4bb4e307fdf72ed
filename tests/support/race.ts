/** Starts the calls together (they are already running) and sorts what they came to. */
export async function settled<T>(calls: Promise<T>[]): Promise<{ values: T[]; errors: unknown[] }> {
  const outcomes = await Promise.allSettled(calls);
  return {
    values: outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : [])),
    errors: outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : [])),
  };
}
