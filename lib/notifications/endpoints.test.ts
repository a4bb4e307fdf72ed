import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { endpointAllowed, guardedLookup, RefusedAddress } from "./endpoints";

const hosts = ["fcm.googleapis.com", "*.push.services.mozilla.com", "*.push.apple.com", "*.notify.windows.com"];
const production = { endpointHosts: hosts, allowLocalEndpoints: false };
const development = { endpointHosts: hosts, allowLocalEndpoints: true };

describe("endpointAllowed", () => {
  it.each([
    "https://fcm.googleapis.com/fcm/send/abc",
    "https://FCM.googleapis.com/fcm/send/abc",
    "https://fcm.googleapis.com:443/fcm/send/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/abc",
    "https://web.push.apple.com/abc",
    "https://wns2-par02p.notify.windows.com/w/?token=abc",
  ])("takes %s", (endpoint) => expect(endpointAllowed(endpoint, production)).toBe(true));

  it.each([
    "http://fcm.googleapis.com/fcm/send/abc",
    "https://fcm.googleapis.com.evil.com/x",
    "https://xfcm.googleapis.com/x",
    "https://push.apple.com/x",
    "https://evil.com/.push.apple.com",
    "https://fcm.googleapis.com:3820/x",
    "https://fcm.googleapis.com:80/x",
    "https://updates.push.services.mozilla.com:8443/x",
    "https://fcm.googleapis.com./fcm/send/abc",
    "https://web.push.apple.com./x",
    "https://evil.com?fcm.googleapis.com",
    "https://fcm.googleapis.com@evil.com/x",
    "https://a:b@fcm.googleapis.com/x",
    "https://127.0.0.1/x",
    "https://localhost/x",
    "ftp://fcm.googleapis.com/x",
    "not a url",
  ])("refuses %s", (endpoint) => expect(endpointAllowed(endpoint, production)).toBe(false));

  it("in development also takes http and https on loopback, and nothing else local", () => {
    for (const endpoint of ["http://127.0.0.1:4000/x", "http://localhost:4000/x", "https://[::1]:4000/x", "http://127.9.9.9/x"]) {
      expect(endpointAllowed(endpoint, development), endpoint).toBe(true);
      expect(endpointAllowed(endpoint, production), endpoint).toBe(false);
    }
    for (const endpoint of ["http://localhost.evil.com/x", "http://127.0.0.1.nip.io/x", "http://10.0.0.1/x", "http://[::ffff:a9fe:a9fe]/x", "http://example.com/x"]) {
      expect(endpointAllowed(endpoint, development), endpoint).toBe(false);
    }
  });
});

describe("guardedLookup", () => {
  function resolving(...addresses: string[]) {
    return (_host: string, _options: unknown, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) =>
      callback(null, addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })));
  }
  function lookUp(policy: typeof production, resolver: ReturnType<typeof resolving>, all: boolean) {
    return new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      guardedLookup(policy, resolver)("push.example", { all }, (error, address) => resolve({ error, address })),
    );
  }

  it("answers with the resolved public addresses, one or all as asked", async () => {
    expect(await lookUp(production, resolving("142.250.183.10", "2607:f8b0:4004:c07::5f"), false)).toEqual({ error: null, address: "142.250.183.10" });
    expect((await lookUp(production, resolving("142.250.183.10", "2607:f8b0:4004:c07::5f"), true)).address).toHaveLength(2);
  });

  it("refuses a host if any of its addresses is not public", async () => {
    for (const addresses of [["10.0.0.5"], ["142.250.183.10", "169.254.169.254"], ["::ffff:127.0.0.1"], ["fd00::1"], []]) {
      const { error } = await lookUp(production, resolving(...addresses), true);
      expect(error, addresses.join()).toBeInstanceOf(RefusedAddress);
    }
  });

  it("lets loopback through only for local development, never other private addresses", async () => {
    expect((await lookUp(development, resolving("127.0.0.1", "::1"), true)).error).toBeNull();
    expect((await lookUp(development, resolving("192.168.1.10"), true)).error).toBeInstanceOf(RefusedAddress);
  });
});
