import { describe, expect, it } from "vitest";
import { clientIp } from "./client";

function request(headers: Record<string, string>) {
  return new Request("http://localhost:3000/api/login", { headers });
}

describe("the client's address for limits", () => {
  it("with no trusted proxy (the default), believes no header: every caller is one 'direct' client", () => {
    const forged: Record<string, string>[] = [{}, { "x-forwarded-for": "203.0.113.7" }, { "x-forwarded-for": "198.51.100.1, 203.0.113.7" }, { "x-real-ip": "203.0.113.9" }];
    for (const headers of forged) {
      expect(clientIp(request(headers), 0)).toBe("direct");
    }
  });

  it("behind N trusted proxies, takes the N-th address from the right: what the client wrote to the left is not believed", () => {
    // nginx appends the address it saw to whatever the client sent.
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7" }), 1)).toBe("203.0.113.7");
    expect(clientIp(request({ "x-forwarded-for": "6.6.6.6, 203.0.113.7" }), 1)).toBe("203.0.113.7");
    expect(clientIp(request({ "x-forwarded-for": "6.6.6.6,203.0.113.7 , 10.0.0.2" }), 2)).toBe("203.0.113.7");
    // Fewer entries than hops: only proxies wrote it, the leftmost is the client.
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7" }), 2)).toBe("203.0.113.7");
  });

  it("behind a proxy that sent no X-Forwarded-For, falls back to one 'direct' client, never to X-Real-IP", () => {
    expect(clientIp(request({ "x-real-ip": "6.6.6.6" }), 1)).toBe("direct");
  });
});
