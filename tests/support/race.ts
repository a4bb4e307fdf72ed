/** Starts the calls together (they are already running) and sorts what they came to. */
export async function settled<T>(calls: Promise<T>[]): Promise<{ values: T[]; errors: unknown[] }> {
  const outcomes = await Promise.allSettled(calls);
  return {
    values: outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : [])),
    errors: outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : [])),
  };
}

/**
 * The calls that have answered once at least `count` have (the rest are still waiting, in a line
 * say), or all that have after `ms` if fewer did: a slower machine answers later, not otherwise.
 */
export async function settledAtLeast<T>(calls: Promise<T>[], count: number, ms = 30_000): Promise<T[]> {
  const answered: T[] = [];
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    for (const pending of calls) {
      void pending.then((answer) => {
        if (answered.push(answer) >= count) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
  });
  // Those answering in the same moment as the last counted come in too.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return answered;
}
