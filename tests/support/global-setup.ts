import type { TestProject } from "vitest/node";
import { openDatabase } from "@/lib/db";
import { prepareDatabase } from "@/lib/seed";
import { createDatabase, dropDatabase, startTestServer, testDatabaseKind } from "./test-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's database as the app's role: what lib/db's getDb() connects as. */
    databaseUrl: string;
    /** The same database as its owner (tests/support/owner.ts). */
    ownerDatabaseUrl: string;
    adminDatabaseUrl: string;
  }
}

/** One migrated and seeded database for the whole run, dropped at the end. */
export default async function setup(project: TestProject) {
  const server = await startTestServer();
  const database = await createDatabase(server.adminUrl);
  const owner = openDatabase(database.ownerUrl, 2);
  await prepareDatabase(owner.pool);
  await owner.close();
  console.log(`Vitest on ${testDatabaseKind} PostgreSQL, database ${database.name}`);

  project.provide("databaseUrl", database.url);
  project.provide("ownerDatabaseUrl", database.ownerUrl);
  project.provide("adminDatabaseUrl", server.adminUrl);

  return async () => {
    await dropDatabase(server.adminUrl, database.name);
    await server.stop();
  };
}
