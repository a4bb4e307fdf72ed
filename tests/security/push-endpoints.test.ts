import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { POST as subscribe } from "@/app/api/notifications/subscribe/route";
import { pushSubscriptions } from "@/db/schema";
import { SYSTEM } from "@/lib/auth";
import { config } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { deliverPushes } from "@/lib/notifications";
import { call } from "../support/http";
import { freePort } from "../support/test-server";
import { participant } from "../support/users";

afterAll(closeDatabase);

// vitest.config.ts turns local endpoints on for the suite's local push services; these tests
// run as production does unless they say otherwise.
const suitePolicy = { ...config.push };
afterEach(() => Object.assign(config.push, suitePolicy));
function pushPolicy(policy: Partial<typeof config.push>) {
  Object.assign(config.push, policy);
}

const keys = { p256dh: webpush.generateVAPIDKeys().publicKey, auth: "c2VjcmV0c2VjcmV0MTIzNA" };
const payload = { title: "Exam tomorrow", body: "Starts at 10:00 IST", icon: "/icon.svg", url: "/notification" };

async function storedEndpoints(userId: string) {
  const db = await getDb();
  return (await db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map((row) => row.endpoint);
}

/** A local HTTP server that counts every connection and request, whatever it answers. */
async function countingServer(answer: (response: import("node:http").ServerResponse) => void = (response) => response.writeHead(201).end()) {
  const counts = { connections: 0, requests: 0 };
  const server: Server = createServer((request, response) => {
    counts.requests++;
    request.resume();
    answer(response);
  });
  server.on("connection", () => counts.connections++);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { port, counts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function storeDirectly(userId: string, endpoint: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.insert(pushSubscriptions).values({ userId, endpoint, ...keys }).returning({ id: pushSubscriptions.id });
  return row.id;
}

describe("push subscriptions accept only the real push services", () => {
  it("refuses local, private and look-alike endpoints with a 400 and stores nothing", async () => {
    pushPolicy({ allowLocalEndpoints: false });
    const user = await participant();
    const port = await freePort();
    for (const endpoint of [
      `http://127.0.0.1:${port}/x`,
      "https://169.254.169.254/x",
      "http://localhost.evil.com/x",
      "https://127.0.0.1.nip.io/x",
      "https://fcm.googleapis.com.evil.com/x",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com@127.0.0.1/x",
      "https://user:pass@fcm.googleapis.com/fcm/send/x",
      "https://evilfcm.googleapis.com/x",
      "https://push.apple.com/x",
      "https://[::1]/x",
      "https://[::ffff:7f00:1]/x",
      `https://localhost:${port}/x`,
      "https://fcm.googleapis.com:3820/x",
      "https://fcm.googleapis.com./x",
      "https://updates.push.services.mozilla.com:8443/wpush/v2/x",
    ]) {
      const answer = await call(subscribe, { as: user, json: { subscription: { endpoint, keys } } });
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.message, endpoint).toBe("This browser's push service is not supported. Please try another browser.");
    }
    expect(await storedEndpoints(user.id)).toEqual([]);
  });

  it("accepts the endpoints Chrome, Firefox, Safari and Edge hand out", async () => {
    pushPolicy({ allowLocalEndpoints: false });
    const user = await participant();
    const endpoints = [
      `https://fcm.googleapis.com/fcm/send/${user.id}`,
      `https://updates.push.services.mozilla.com/wpush/v2/${user.id}`,
      `https://web.push.apple.com/QGx${user.id}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${user.id}`,
    ];
    for (const endpoint of endpoints) {
      expect((await call(subscribe, { as: user, json: { subscription: { endpoint, keys } } })).status, endpoint).toBe(201);
    }
    expect((await storedEndpoints(user.id)).sort()).toEqual([...endpoints].sort());
  });

  it("takes a push service a deployment adds, matching whole labels only", async () => {
    pushPolicy({ allowLocalEndpoints: false, endpointHosts: [...suitePolicy.endpointHosts, "*.push.example.org"] });
    const user = await participant();
    const send = (endpoint: string) => call(subscribe, { as: user, json: { subscription: { endpoint, keys } } });
    expect((await send("https://eu.push.example.org/x")).status).toBe(201);
    expect((await send("https://push.example.org.evil.com/x")).status).toBe(400);
    expect((await send("https://evilpush.example.org/x")).status).toBe(400);
  });

  it("with local endpoints allowed (tests, development), takes loopback only", async () => {
    pushPolicy({ allowLocalEndpoints: true });
    const user = await participant();
    const send = async (endpoint: string) => (await call(subscribe, { as: user, json: { subscription: { endpoint, keys } } })).status;
    expect(await send("http://127.0.0.1:4000/x")).toBe(201);
    expect(await send("http://localhost:4000/x")).toBe(201);
    for (const endpoint of ["http://localhost.evil.com/x", "https://127.0.0.1.nip.io/x", "http://169.254.169.254/x", "http://10.0.0.8/x", "http://example.com/x"]) {
      expect(await send(endpoint), endpoint).toBe(400);
    }
  });
});

describe("push delivery never reaches a private address", () => {
  it("never fetches a stored endpoint that is off the allowlist; the subscription is deleted", async () => {
    pushPolicy({ allowLocalEndpoints: false });
    const server = await countingServer();
    try {
      const user = await participant();
      const id = await storeDirectly(user.id, `http://127.0.0.1:${server.port}/push/${user.id}`);
      expect(await deliverPushes(SYSTEM, [{ subscriptionId: id, payload }])).toEqual(["gone"]);
      expect(server.counts).toEqual({ connections: 0, requests: 0 });
      expect(await storedEndpoints(user.id)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("never connects to an allowed host that resolves to a private address; the delivery fails and the subscription stays", async () => {
    // A deployment trusts a host whose DNS answers with a loopback address. Only the default port
    // is allowed, where no test server can listen: the refusal is told by its log line.
    pushPolicy({ allowLocalEndpoints: false, endpointHosts: [...suitePolicy.endpointHosts, "localhost"] });
    const warn = vi.spyOn(log, "warn");
    try {
      const user = await participant();
      const endpoint = `https://localhost/push/${user.id}`;
      const id = await storeDirectly(user.id, endpoint);
      expect(await deliverPushes(SYSTEM, [{ subscriptionId: id, payload }])).toEqual(["failed"]);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ subscriptionId: id, err: expect.objectContaining({ name: "RefusedAddress" }) }), "push endpoint refused: not a public address");
      expect(await storedEndpoints(user.id)).toEqual([endpoint]);
    } finally {
      warn.mockRestore();
    }
  });

  it("does not follow a redirect from a push service", async () => {
    pushPolicy({ allowLocalEndpoints: true });
    const target = await countingServer();
    const redirecting = await countingServer((response) => response.writeHead(303, { location: `http://127.0.0.1:${target.port}/internal` }).end());
    try {
      const user = await participant();
      const id = await storeDirectly(user.id, `http://127.0.0.1:${redirecting.port}/push/${user.id}`);
      expect(await deliverPushes(SYSTEM, [{ subscriptionId: id, payload }])).toEqual(["failed"]);
      expect(redirecting.counts.requests).toBe(1);
      expect(target.counts).toEqual({ connections: 0, requests: 0 });
    } finally {
      await Promise.all([target.close(), redirecting.close()]);
    }
  });

  it("still delivers to a local push service when local endpoints are allowed", async () => {
    pushPolicy({ allowLocalEndpoints: true });
    const server = await countingServer();
    try {
      const user = await participant();
      const id = await storeDirectly(user.id, `http://localhost:${server.port}/push/${user.id}`);
      expect(await deliverPushes(SYSTEM, [{ subscriptionId: id, payload }])).toEqual(["sent"]);
      expect(server.counts.requests).toBe(1);
    } finally {
      await server.close();
    }
  });
});

