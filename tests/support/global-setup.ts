import type { TestProject } from "vitest/node";
import { grantAppPrivileges } from "@/lib/db/privileges";
import { createDatabase, dropDatabase, startTestServer, testDatabaseKind, withClient, type TestServer } from "./test-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's database as the app's role: what lib/db's getDb() connects as. */
    databaseUrl: string;
    /** The same database as its owner (tests/support/owner.ts). */
    ownerDatabaseUrl: string;
    adminDatabaseUrl: string;
  }
}

/**
 * What the run's projects share: Vitest runs every project's global setup in this one process, one
 * after another, before any file, each loading this module afresh. One server, and one database
 * migrated and seeded (with the app's modules, loaded once) as the template each project's database
 * is copied from: four servers, four loads of the app's modules and four migration runs took the
 * first half minute of a pass.
 */
interface Shared {
  server: TestServer;
  template: string;
  projects: number;
}

const SHARED_KEY = Symbol.for("olympiad.testDatabases");
const holder = globalThis as typeof globalThis & { [SHARED_KEY]?: Promise<Shared> };

async function prepareShared(): Promise<Shared> {
  const [{ openDatabase }, { prepareDatabase }] = await Promise.all([import("@/lib/db"), import("@/lib/seed")]);
  const server = await startTestServer();
  const template = await createDatabase(server.adminUrl);
  const owner = openDatabase(template.ownerUrl, 2);
  try {
    await prepareDatabase(owner.pool);
  } finally {
    await owner.close();
  }
  return { server, template: template.name, projects: 0 };
}

/** A migrated and seeded database for each project, dropped at the end of the run. */
export default async function setup(project: TestProject) {
  const shared = await (holder[SHARED_KEY] ??= prepareShared());
  shared.projects++;
  const { server } = shared;
  const database = await createDatabase(server.adminUrl, { template: shared.template });
  // A copy differs from its template only in what the server keeps of a database outside it: its grants, given again.
  await withClient(database.ownerUrl, grantAppPrivileges);
  console.log(`Vitest on ${testDatabaseKind} PostgreSQL, database ${database.name}`);

  project.provide("databaseUrl", database.url);
  project.provide("ownerDatabaseUrl", database.ownerUrl);
  project.provide("adminDatabaseUrl", server.adminUrl);

  return async () => {
    await dropDatabase(server.adminUrl, database.name);
    if (--shared.projects > 0) return;
    delete holder[SHARED_KEY];
    await dropDatabase(server.adminUrl, shared.template);
    await server.stop();
  };
}
