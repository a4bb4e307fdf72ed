import { afterAll, inject, vi } from "vitest";

// lib/config reads the environment once, on first import: point it at this run's database first.
process.env.DATABASE_URL = inject("databaseUrl");

// Argon2 costs tens of milliseconds of a core by design, and the suite signs up thousands of
// accounts with the one test password: each password is hashed for real once per process, and
// that hash (salted, as any) is given to every later account with it, which a second of CPU per
// hundred accounts bought nothing. Checking a password is left as it is: the sign-in's timing
// test measures it.
vi.mock("@/lib/accounts/password", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/accounts/password")>();
  const hashes = new Map<string, Promise<string>>();
  return {
    ...real,
    hashPassword(password: string): Promise<string> {
      let hashed = hashes.get(password);
      if (!hashed) hashes.set(password, (hashed = real.hashPassword(password)));
      return hashed;
    },
  };
});

// A file that queued work has a started job queue: stop it so its pool does not outlive the file.
afterAll(async () => (await import("@/lib/jobs")).stopJobQueue(5000));
