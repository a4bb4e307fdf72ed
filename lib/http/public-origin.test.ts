import { describe, expect, it } from "vitest";
import { mailOrigin, publicOrigin } from "./public-origin";

const headers = (values: Record<string, string>) => new Headers(values);
const settings = (publicUrl: string | undefined, trustedProxyHops = 0, environment: "development" | "production" = "development") => ({
  publicUrl,
  trustedProxyHops,
  appUrl: publicUrl ?? "http://localhost:3000",
  environment,
});

describe("where shareable and mailed links point", () => {
  it("at the configured public URL, whatever host the request names", () => {
    const request = headers({ host: "192.168.1.20:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" });
    expect(publicOrigin(request, settings("https://olympiad.example.org"))).toBe("https://olympiad.example.org");
    expect(publicOrigin(request, settings("https://olympiad.example.org", 1))).toBe("https://olympiad.example.org");
  });

  it("without one, at the host the request came to, not at localhost", () => {
    expect(publicOrigin(headers({ host: "192.168.1.20:3000" }), settings(undefined))).toBe("http://192.168.1.20:3000");
    expect(publicOrigin(headers({ host: "Olympiad.Local" }), settings(undefined))).toBe("http://olympiad.local");
  });

  it("believes X-Forwarded-Host and -Proto only behind trusted proxies, taking the entry the proxies wrote", () => {
    const forwarded = { host: "app:3000", "x-forwarded-host": "olympiad.example.org", "x-forwarded-proto": "https" };
    expect(publicOrigin(headers(forwarded), settings(undefined, 0))).toBe("http://app:3000");
    expect(publicOrigin(headers(forwarded), settings(undefined, 1))).toBe("https://olympiad.example.org");
    expect(publicOrigin(headers({ ...forwarded, "x-forwarded-host": "forged.example, olympiad.example.org" }), settings(undefined, 1))).toBe("https://olympiad.example.org");
    // A proxy that forwards no host: the Host header it sent.
    expect(publicOrigin(headers({ host: "olympiad.example.org", "x-forwarded-proto": "https" }), settings(undefined, 1))).toBe("https://olympiad.example.org");
  });

  it("falls back to the local address when the request names no usable host", () => {
    for (const host of ["", "evil.example/path", "user@evil.example", "evil.example:port", "a b"]) {
      expect(publicOrigin(headers(host ? { host } : {}), settings(undefined)), host).toBe("http://localhost:3000");
    }
    expect(publicOrigin(headers({ host: "olympiad.example.org", "x-forwarded-proto": "javascript" }), settings(undefined, 1))).toBe("http://olympiad.example.org");
  });

  it("never puts a mailed link on a host the request named, in production", () => {
    const forged = headers({ host: "evil.example" });
    expect(mailOrigin(forged, settings(undefined, 0, "production"))).toBe("http://localhost:3000");
    expect(mailOrigin(forged, settings("https://olympiad.example.org", 0, "production"))).toBe("https://olympiad.example.org");
    expect(mailOrigin(headers({ host: "192.168.1.20:3000" }), settings(undefined))).toBe("http://192.168.1.20:3000");
  });
});
