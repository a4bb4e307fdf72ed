import { inject } from "vitest";

// lib/config reads the environment once, on first import: point it at this run's database first.
process.env.DATABASE_URL = inject("databaseUrl");
