import { afterAll, inject } from "vitest";

// lib/config reads the environment once, on first import: point it at this run's database first.
process.env.DATABASE_URL = inject("databaseUrl");

// A file that queued work has a started job queue: stop it so its pool does not outlive the file.
afterAll(async () => (await import("@/lib/jobs")).stopJobQueue(5000));
