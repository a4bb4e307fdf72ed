import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";

let cached: string | undefined;

/**
 * The session-signing secret: NEXTAUTH_SECRET when set, otherwise one generated on first run
 * and kept under the data directory so sessions survive restarts. Instances on several
 * machines must share NEXTAUTH_SECRET.
 */
export function authSecret(): string {
  cached ??= config.auth.secret ?? readOrCreateSecretFile(config.auth.secretFile);
  return cached;
}

function readOrCreateSecretFile(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx" fails if another process created it first; then that one's secret wins.
    writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}
