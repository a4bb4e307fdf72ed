// Preloaded by `npm start` (node --import): what Next prints before the app's own logger takes
// over the console (its start-up banner, "Ready in …") goes to stdout as JSON lines too, so every
// line there is one JSON object. instrumentation.ts then routes the console through pino.
import { format } from "node:util";

const COLOURS = /\u001b\[[0-9;]*m/g;
const levels = { error: "error", warn: "warn", info: "info", log: "info" };

for (const [method, level] of Object.entries(levels)) {
  console[method] = (...args) => {
    const msg = format(...args).replace(COLOURS, "").trim();
    if (msg !== "") process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), source: "console", msg })}\n`);
  };
}
