import { createRequire } from "node:module";
import type { Server } from "node:http";

const require = createRequire(import.meta.url);

interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/** web-push-testing: a local push service that decrypts what it receives, for checking payloads. */
export async function startPushService(port: number) {
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js");
  const WebPushTestingServer = require("web-push-testing/src/server.js");
  const log = console.log;
  console.log = () => undefined; // it announces itself on stdout
  const service = new WebPushTestingServer(new PushApiModel(), port);
  service.startServer();
  console.log = log;
  const base = `http://localhost:${port}`;
  const post = async (path: string, body: unknown) =>
    (await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
  for (let tries = 0; tries < 50; tries++) {
    if ((await fetch(`${base}/status`, { method: "POST" }).catch(() => null))?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    async subscribe(applicationServerKey: string): Promise<PushSubscriptionJson> {
      return (await post("/subscribe", { userVisibleOnly: "true", applicationServerKey })).data;
    },
    async expire(clientHash: string) {
      await fetch(`${base}/expire-subscription/${clientHash}`, { method: "POST" });
    },
    async messages(clientHash: string): Promise<unknown[]> {
      return (await post("/get-notifications", { clientHash })).data.messages;
    },
    close: () => new Promise<void>((resolve) => (service._server as Server).close(() => resolve())),
  };
}
