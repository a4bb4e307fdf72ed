/**
 * Fails when db/schema.ts has changes that no committed migration covers: drizzle-kit
 * generates into a scratch copy of db/migrations and must find nothing to add.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync } from "node:fs";

// drizzle-kit resolves --out relative to the working directory, so the copy lives inside it.
const scratch = `.data/migration-check-${process.pid}`;
try {
  mkdirSync(".data", { recursive: true });
  cpSync("db/migrations", scratch, { recursive: true });
  const output = execFileSync(
    "node_modules/.bin/drizzle-kit",
    ["generate", "--dialect=postgresql", "--schema=./db/schema.ts", `--out=${scratch}`],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  if (!output.includes("No schema changes")) {
    console.error(output);
    console.error("db/schema.ts has changes without a committed migration.");
    console.error("Run `npm run db:generate -- --name <what-changed>` in a terminal and commit the result.");
    process.exit(1);
  }
  console.log("Migrations match the schema.");
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
