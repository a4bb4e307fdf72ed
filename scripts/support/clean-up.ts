/**
 * What a bench started (a server and its database, a scratch database, a folder, a browser) is
 * undone however the bench ends: done or failed (its `finally` calls `undoAll`), crashed (an
 * uncaught error: exit 1), or interrupted by SIGINT, SIGTERM or SIGHUP (Ctrl-C, `timeout`, a
 * closed terminal), when everything is undone and the bench exits with 128 + the signal's number.
 */

type Undo = () => unknown;

const steps: Undo[] = [];
let undoing: Promise<void> | undefined;

/** How to undo what was just started: undone last first. */
export function undoLater(step: Undo): void {
  steps.push(step);
}

/** Undoes everything, once; a step that fails is reported and the others still run. */
export function undoAll(): Promise<void> {
  undoing ??= (async () => {
    for (let step = steps.pop(); step; step = steps.pop()) {
      try {
        await step();
      } catch (error) {
        console.error(`clean-up: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return undoing;
}

const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
for (const [signal, number] of Object.entries(SIGNALS)) {
  process.on(signal, () => {
    console.error(`${signal}: stopping what this bench started`);
    void undoAll().finally(() => process.exit(128 + number));
  });
}

process.once("uncaughtException", (error) => {
  console.error(error);
  void undoAll().finally(() => process.exit(1));
});
