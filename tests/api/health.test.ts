import { afterAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/ready/route";
import { closeDatabase } from "@/lib/db";

afterAll(closeDatabase);

describe("health and readiness", () => {
  it("reports a live process", async () => {
    const response = health();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });

  it("is ready when the database answers, migrations are current and storage takes writes", async () => {
    const response = await ready();
    expect(await response.json()).toEqual({
      status: "ready",
      ready: true,
      checks: { database: { ok: true }, migrations: { ok: true }, objectStore: { ok: true } },
    });
    expect(response.status).toBe(200);
  });
});
