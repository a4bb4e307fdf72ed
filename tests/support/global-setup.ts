import type { TestProject } from "vitest/node";
import { openDatabase } from "@/lib/db";
import { prepareDatabase } from "@/lib/seed";
import { createDatabase, dropDatabase, startTestServer, testDatabaseKind } from "./test-server";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    adminDatabaseUrl: string;
  }
}

/** One migrated and seeded database for the whole run, dropped at the end. */
export default async function setup(project: TestProject) {
  const server = await startTestServer();
  const database = await createDatabase(server.adminUrl);
  const connection = openDatabase(database.url, 2);
  await prepareDatabase(connection.pool);
  await connection.close();
  console.log(`Vitest on ${testDatabaseKind} PostgreSQL, database ${database.name}`);

  project.provide("databaseUrl", database.url);
  project.provide("adminDatabaseUrl", server.adminUrl);

  return async () => {
    await dropDatabase(server.adminUrl, database.name);
    await server.stop();
  };
}
