import { afterAll, describe, expect, it, vi } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/ready/route";
import { closeDatabase } from "@/lib/db";
import { storage } from "@/lib/storage";

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
      checks: { instance: { ok: true }, database: { ok: true }, migrations: { ok: true }, objectStore: { ok: true } },
    });
    expect(response.status).toBe(200);
  });

  it("tells an anonymous caller a failing check's cause code, never the error's message", async () => {
    const refusal = Object.assign(new Error("EACCES: permission denied, open '/srv/olympiad/uploads/health/secret.tmp'"), { code: "EACCES" });
    const put = vi.spyOn(storage(), "put").mockRejectedValueOnce(refusal);
    try {
      const response = await ready();
      const text = await response.text();
      expect(response.status).toBe(503);
      expect(JSON.parse(text)).toMatchObject({ ready: false, checks: { objectStore: { ok: false, cause: "EACCES" } } });
      expect(text).not.toContain("/srv/olympiad");
      expect(text).not.toContain("permission denied");
    } finally {
      put.mockRestore();
    }
  });
});
