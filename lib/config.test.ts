import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkPublicUrl, ConfigurationError, loadConfig } from "@/lib/config";

describe("configuration", () => {
  it("runs with nothing set: embedded database, local storage, default brand", () => {
    const config = loadConfig({});
    expect(config.database).toMatchObject({ kind: "embedded", directory: path.resolve(".data/pg"), port: 54329, anyPortIfTaken: true });
    expect(config.shutdown.drainMs).toBe(10_000);
    expect(config.storage).toEqual({ kind: "local", directory: path.resolve(".data/uploads") });
    expect(config.brand).toMatchObject({ name: "Olympiad", tagline: "learn, think, win" });
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.competition.entryFeePaise).toBe(50_000);
  });

  it("uses a real database and S3 when they are configured", () => {
    const config = loadConfig({
      DATABASE_URL: "postgresql://app@db:5432/olympiad",
      MIGRATION_DATABASE_URL: "postgresql://owner@db:5432/olympiad",
      S3_BUCKET: "uploads",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_ENDPOINT: "http://minio:9000",
    });
    expect(config.database).toMatchObject({ kind: "external", url: "postgresql://app@db:5432/olympiad", ownerUrl: "postgresql://owner@db:5432/olympiad" });
    expect(config.storage).toMatchObject({ kind: "s3", bucket: "uploads", endpoint: "http://minio:9000", forcePathStyle: true });
  });

  it("drains for SHUTDOWN_DRAIN_SECONDS, and refuses the old SHUTDOWN_TIMEOUT_SECONDS by its new name", () => {
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: "3" }).shutdown.drainMs).toBe(3000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: "25" })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS: renamed SHUTDOWN_DRAIN_SECONDS/);
    expect(loadConfig({ EMBEDDED_DATABASE_PORT: "55000" }).database).toMatchObject({ port: 55000, anyPortIfTaken: false });
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://db/olympiad" }, "DATABASE_URL"],
    [{ MIGRATION_DATABASE_URL: "postgresql://owner@db:5432/olympiad" }, "MIGRATION_DATABASE_URL"],
    [{ BRAND_PRIMARY_COLOR: "blue" }, "BRAND_PRIMARY_COLOR"],
    [{ NEXTAUTH_SECRET: "short" }, "NEXTAUTH_SECRET"],
    [{ ADMIN_EMAIL: "not-an-email" }, "ADMIN_EMAIL"],
    [{ S3_BUCKET: "uploads" }, "S3_ACCESS_KEY_ID"],
  ])("refuses %o with a message naming %s", (environment, setting) => {
    expect(() => loadConfig(environment)).toThrow(ConfigurationError);
    expect(() => loadConfig(environment)).toThrow(setting);
  });

  it("takes push services from PUSH_ENDPOINT_HOSTS, and local push endpoints only outside production", () => {
    expect(loadConfig({}).push).toMatchObject({
      endpointHosts: ["fcm.googleapis.com", "*.push.services.mozilla.com", "*.push.apple.com", "*.notify.windows.com"],
      allowLocalEndpoints: false,
    });
    expect(loadConfig({ PUSH_ENDPOINT_HOSTS: " FCM.googleapis.com , *.push.example.org" }).push.endpointHosts).toEqual(["fcm.googleapis.com", "*.push.example.org"]);
    for (const hosts of ["*", "*.org", "https://fcm.googleapis.com", "fcm.googleapis.com/x", ","]) {
      expect(() => loadConfig({ PUSH_ENDPOINT_HOSTS: hosts }), hosts).toThrow("PUSH_ENDPOINT_HOSTS");
    }
    expect(loadConfig({ NODE_ENV: "test", PUSH_ALLOW_LOCAL_ENDPOINTS: "true" }).push.allowLocalEndpoints).toBe(true);
    expect(() => loadConfig({ NODE_ENV: "production", PUSH_ALLOW_LOCAL_ENDPOINTS: "true" })).toThrow("PUSH_ALLOW_LOCAL_ENDPOINTS");
  });

  it("forbids cash prizes unless CASH_PRIZES_ALLOWED=true, and takes the contest models' lines and sponsor from the environment", () => {
    const defaults = loadConfig({});
    expect(defaults.contest.cashPrizesAllowed).toBe(false);
    expect(loadConfig({ CASH_PRIZES_ALLOWED: "true" }).contest.cashPrizesAllowed).toBe(true);
    expect(defaults.contest.texts.free_entry).toBe("Free entry; prizes sponsored by Olympiad.");
    expect(defaults.contest.texts.paid_certificates).toBe("Certificates and scholarships; no cash prizes.");
    const custom = loadConfig({ CASH_PRIZES_ALLOWED: "false", PRIZE_SPONSOR_NAME: "Acme Foundation", CONTEST_PAID_CASH_TEXT: "Cash for the top ten.", CONTEST_PAID_CASH_TEXT_HI: "शीर्ष दस को नकद।" });
    expect(custom.contest).toMatchObject({ cashPrizesAllowed: false, sponsorName: "Acme Foundation", texts: { free_entry: "Free entry; prizes sponsored by Acme Foundation.", paid_cash: "Cash for the top ten." } });
    expect(() => loadConfig({ CASH_PRIZES_ALLOWED: "no" })).toThrow(/CASH_PRIZES_ALLOWED/);
  });

  it("bounds proctoring uploads: recording bitrate, grace after submission, focus events", () => {
    expect(loadConfig({}).proctoring).toEqual({ recordingMaxKbps: 6000, lateUploadGraceSeconds: 60, focusEventsPerAttempt: 2000 });
    expect(loadConfig({ RECORDING_MAX_KBPS: "3000", RECORDING_GRACE_SECONDS: "30", FOCUS_EVENTS_PER_ATTEMPT: "500" }).proctoring).toEqual({ recordingMaxKbps: 3000, lateUploadGraceSeconds: 30, focusEventsPerAttempt: 500 });
    expect(() => loadConfig({ RECORDING_MAX_KBPS: "0" })).toThrow("RECORDING_MAX_KBPS");
  });

  it("takes the public URL from APP_URL, else NEXTAUTH_URL, without a trailing slash; none is configured by default", () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ NEXTAUTH_URL: "https://auth.example.org" }).publicUrl).toBe("https://auth.example.org");
    expect(loadConfig({ APP_URL: "https://olympiad.example.org/", NEXTAUTH_URL: "https://auth.example.org" }).publicUrl).toBe("https://olympiad.example.org");
    expect(loadConfig({ APP_URL: "https://olympiad.example.org/" }).appUrl).toBe("https://olympiad.example.org");
  });

  describe("a start without a public URL", () => {
    const DATABASE_URL = "postgresql://app@db:5432/olympiad";

    it("is refused in production on a real database, with a message naming APP_URL", () => {
      const production = loadConfig({ NODE_ENV: "production", DATABASE_URL });
      expect(() => checkPublicUrl(production)).toThrow(ConfigurationError);
      expect(() => checkPublicUrl(production)).toThrow(/APP_URL: .*referral links and the links in mails/);
    });

    it("goes ahead with a warning for the single-machine demo: `npm start` on the embedded database", () => {
      expect(checkPublicUrl(loadConfig({ NODE_ENV: "production" }))).toMatch(/APP_URL is not set: .*host each request came to and links in mails point at this machine/);
    });

    it("goes ahead quietly in development and tests, and wherever a public URL is configured", () => {
      expect(checkPublicUrl(loadConfig({ NODE_ENV: "development", DATABASE_URL }))).toBeUndefined();
      expect(checkPublicUrl(loadConfig({ NODE_ENV: "test", DATABASE_URL }))).toBeUndefined();
      expect(checkPublicUrl(loadConfig({ NODE_ENV: "production", DATABASE_URL, APP_URL: "https://olympiad.example.org" }))).toBeUndefined();
      expect(checkPublicUrl(loadConfig({ NODE_ENV: "production", DATABASE_URL, NEXTAUTH_URL: "https://olympiad.example.org" }))).toBeUndefined();
      expect(checkPublicUrl(loadConfig({ NODE_ENV: "production", APP_URL: "https://olympiad.example.org" }))).toBeUndefined();
    });
  });

  it("treats an empty value as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).database.kind).toBe("embedded");
  });
});
