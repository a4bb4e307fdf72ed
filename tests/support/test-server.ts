import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { APP_ROLE, createAppRole, LOCAL_APP_PASSWORD } from "@/lib/db/privileges";

/**
 * The database server a test run uses: the machine's PostgreSQL (TEST_DATABASE=postgres) or
 * a throwaway embedded one (the default). Each run gets fresh, randomly named databases.
 */
export interface TestServer {
  /** URL of the server's maintenance database, for creating and dropping databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

export const testDatabaseKind = process.env.TEST_DATABASE === "postgres" ? "postgres" : "embedded";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startTestServer(): Promise<TestServer> {
  if (testDatabaseKind === "postgres") {
    const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
    return { adminUrl, stop: async () => undefined };
  }
  // Imported here: lib/db reads the environment (lib/config) once, and scripts that only create
  // databases with this module set DATABASE_URL after importing it.
  const { startEmbeddedDatabase } = await import("@/lib/db");
  const directory = await temporaryDirectory("olympiad-test-pg-");
  const embedded = await startEmbeddedDatabase({ directory: path.join(directory, "pg"), port: await freePort(), persistent: false });
  return {
    adminUrl: embedded.ownerUrl.replace(/\/[^/]+$/, "/postgres"),
    stop: async () => {
      await embedded.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** mkdtemp makes a 0700 directory; the embedded server runs as the postgres user and must enter it. */
export async function temporaryDirectory(prefix: string): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(directory, 0o755);
  return directory;
}

function databaseUrl(adminUrl: string, name: string): string {
  return adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

/**
 * A new database owned by the server's superuser (`ownerUrl`, for migrations and insiders), and
 * the app's role (created on the server when missing) to connect as (`url`), as in production.
 * With `template`, a copy of that database (no one may be connected to it), but for what
 * PostgreSQL keeps of a database outside it: its grants (the app's TEMP among them) are the
 * server's defaults until the owner grants them again (lib/db/privileges.ts).
 */
export async function createDatabase(adminUrl: string, { template }: { template?: string } = {}): Promise<{ name: string; url: string; ownerUrl: string }> {
  const name = `olympiad_test_${randomBytes(6).toString("hex")}`;
  await withClient(adminUrl, async (client) => {
    await createAppRole(client, LOCAL_APP_PASSWORD);
    await client.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  });
  const ownerUrl = databaseUrl(adminUrl, name);
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = LOCAL_APP_PASSWORD;
  return { name, url: url.toString(), ownerUrl };
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}

/** One connection to `url` for `work`, ended whatever the work does. */
export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
