import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import Razorpay from "razorpay";
import { validatePaymentVerification, validateWebhookSignature } from "razorpay/dist/utils/razorpay-utils";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkoutSignature, startFakeRazorpay, webhookSignature, type FakeRazorpay } from "./fake-razorpay";

const KEY_ID = "rzp_test_fakeKeyId0001";
const KEY_SECRET = "fake-key-secret";
const WEBHOOK_SECRET = "fake-webhook-secret";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: { event: string; contains: string[]; payload: Record<string, { entity: Record<string, unknown> }>; entity: string; account_id: string };
}

/** The app's side of a webhook: it checks the signature as Razorpay's SDK does, and answers as told (200 by default). */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const signed = validateWebhookSignature(body, String(request.headers["x-razorpay-signature"]), WEBHOOK_SECRET);
    if (signed) received.push({ headers: request.headers, body, json: JSON.parse(body) });
    response.writeHead(signed ? (answers.shift() ?? 200) : 401).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

let fake: FakeRazorpay;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let rzp: Razorpay;

/** The official SDK talks only to api.razorpay.com; its axios instance is pointed here, as the app points it at RAZORPAY_API_URL. */
function sdk(keyId: string, keySecret: string) {
  const instance = new Razorpay({ key_id: keyId, key_secret: keySecret });
  (instance.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = fake.url;
  return instance;
}

beforeAll(async () => {
  receiver = await startReceiver();
  fake = await startFakeRazorpay({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, webhookUrl: receiver.url, retryDelayMs: 20 });
  rzp = sdk(KEY_ID, KEY_SECRET);
});

afterAll(async () => {
  await fake.close();
  await receiver.close();
});

afterEach(async () => {
  await fake.idle();
  fake.resume();
  fake.drop();
  fake.setWebhookUrl(receiver.url);
  fake.setRefundStatus("processed");
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

const ORDER = { amount: 10_000, currency: "INR", receipt: "entry-fee-1", notes: { purpose: "entry_fee" } };

describe("the fake Razorpay signs as Razorpay does", () => {
  it("gives Razorpay's published example signatures (razorpay-node test/utils/razorpay-utils.spec.js)", () => {
    expect(webhookSignature('{"a":1,"b":2,"c":{"d":3}}', "123456")).toBe("2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc");
    expect(checkoutSignature("order_IEIaMR65cu6nz3", "pay_IH4NVgf4Dreq1l", "EnLs21M47BllR3X8PSFtjtbd")).toBe("0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f");
    expect(validatePaymentVerification({ order_id: "order_IEIaMR65cu6nz3", payment_id: "pay_IH4NVgf4Dreq1l" }, "0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f", "EnLs21M47BllR3X8PSFtjtbd")).toBe(true);
  });
});

describe("the fake Razorpay's API through the official SDK", () => {
  it("refuses a request without the key id and secret, with Razorpay's error shape", async () => {
    for (const [keyId, keySecret, description] of [
      [KEY_ID, "wrong-secret", "Authentication failed"],
      ["rzp_test_someoneElse01", KEY_SECRET, "The api key provided is invalid"],
    ]) {
      await expect(sdk(keyId, keySecret).orders.create(ORDER)).rejects.toMatchObject({ statusCode: 401, error: { code: "BAD_REQUEST_ERROR", description } });
    }
    const bare = await fetch(`${fake.url}/v1/orders`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ error: { code: "BAD_REQUEST_ERROR", description: "Please provide your api key for authentication purposes." } });
    expect(fake.orders()).toEqual([]);
  });

  it("refuses an order under ₹1, in another currency, or an id it never gave", async () => {
    await expect(rzp.orders.create({ ...ORDER, amount: 99 })).rejects.toMatchObject({ statusCode: 400, error: { code: "BAD_REQUEST_ERROR", field: "amount" } });
    await expect(rzp.orders.create({ ...ORDER, amount: 100.5 })).rejects.toMatchObject({ statusCode: 400, error: { field: "amount" } });
    await expect(rzp.orders.create({ ...ORDER, currency: "USD" })).rejects.toMatchObject({ statusCode: 400, error: { field: "currency" } });
    await expect(rzp.orders.fetch("order_DoesNotExist00")).rejects.toMatchObject({ statusCode: 400, error: { description: "The id provided does not exist" } });
    await expect(rzp.payments.fetch("pay_DoesNotExist000")).rejects.toMatchObject({ statusCode: 400 });
  });

  it("creates an order, takes its payment with the webhooks Razorpay sends, and refunds it", async () => {
    const order = await rzp.orders.create(ORDER);
    expect(order).toMatchObject({ entity: "order", amount: 10_000, amount_paid: 0, amount_due: 10_000, currency: "INR", receipt: "entry-fee-1", status: "created", attempts: 0, notes: { purpose: "entry_fee" } });
    expect(order.id).toMatch(/^order_[0-9A-Za-z]{14}$/);

    const paid = fake.pay(order.id, { email: "payer@example.com" });
    expect(paid.checkout?.razorpay_order_id).toBe(order.id);
    expect(validatePaymentVerification({ order_id: order.id, payment_id: paid.payment.id }, paid.checkout!.razorpay_signature, KEY_SECRET)).toBe(true);
    expect(await paid.delivered).toEqual([200, 200, 200]);

    const payment = await rzp.payments.fetch(paid.payment.id);
    // 2 % of ₹100 is ₹2, and 18 % GST on it 36 paise: Razorpay's fee is the whole, its tax the GST.
    expect(payment).toMatchObject({ entity: "payment", amount: 10_000, currency: "INR", status: "captured", captured: true, order_id: order.id, method: "upi", email: "payer@example.com", fee: 236, tax: 36, amount_refunded: 0, refund_status: null, error_code: null });
    expect(payment.id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: "paid", amount_paid: 10_000, amount_due: 0, attempts: 1 });
    expect(await rzp.orders.fetchPayments(order.id)).toMatchObject({ entity: "collection", count: 1, items: [{ id: payment.id }] });

    expect(receiver.received.map(({ json }) => [json.event, json.contains])).toEqual([
      ["payment.authorized", ["payment"]],
      ["payment.captured", ["payment"]],
      ["order.paid", ["payment", "order"]],
    ]);
    const [authorized, captured, orderPaid] = receiver.received;
    for (const { headers, body, json } of receiver.received) {
      expect(headers["content-type"]).toBe("application/json");
      expect(Razorpay.validateWebhookSignature(body, String(headers["x-razorpay-signature"]), WEBHOOK_SECRET)).toBe(true);
      expect(json).toMatchObject({ entity: "event", account_id: fake.accountId });
    }
    expect(new Set(receiver.received.map(({ headers }) => headers["x-razorpay-event-id"])).size).toBe(3);
    expect(authorized.json.payload.payment.entity).toMatchObject({ id: payment.id, status: "authorized", captured: false });
    expect(captured.json.payload.payment.entity).toMatchObject({ id: payment.id, status: "captured", captured: true, amount: 10_000, order_id: order.id });
    expect(orderPaid.json.payload.order.entity).toMatchObject({ id: order.id, status: "paid", amount_paid: 10_000 });

    receiver.received.length = 0;
    await expect(rzp.payments.refund(payment.id, { amount: 10_001 })).rejects.toMatchObject({ statusCode: 400, error: { code: "BAD_REQUEST_ERROR", field: "amount" } });
    const refund = await rzp.payments.refund(payment.id, { amount: 4_000, notes: { reason: "withdrawn" } });
    expect(refund).toMatchObject({ entity: "refund", amount: 4_000, currency: "INR", payment_id: payment.id, status: "processed", speed_processed: "normal", notes: { reason: "withdrawn" } });
    expect(refund.id).toMatch(/^rfnd_[0-9A-Za-z]{14}$/);
    expect(await rzp.refunds.fetch(refund.id)).toMatchObject({ id: refund.id, status: "processed" });
    expect(await rzp.payments.fetch(payment.id)).toMatchObject({ status: "captured", amount_refunded: 4_000, refund_status: "partial" });
    await expect(rzp.payments.refund(payment.id, { amount: 6_001 })).rejects.toMatchObject({ statusCode: 400 });

    await fake.idle();
    expect(receiver.received.map(({ json }) => [json.event, json.contains])).toEqual([
      ["refund.created", ["refund", "payment"]],
      ["refund.processed", ["refund", "payment"]],
    ]);
    expect(receiver.received[1].json.payload.refund.entity).toMatchObject({ id: refund.id, status: "processed", amount: 4_000 });
    expect(receiver.received[1].json.payload.payment.entity).toMatchObject({ id: payment.id, amount_refunded: 4_000 });

    await rzp.payments.refund(payment.id, {});
    expect(await rzp.payments.fetch(payment.id)).toMatchObject({ status: "refunded", amount_refunded: 10_000, refund_status: "full" });
  });

  it("keeps a refund pending until the bank answers, and gives the money back to refund when it fails", async () => {
    const order = await rzp.orders.create(ORDER);
    const { payment } = fake.pay(order.id);
    fake.setRefundStatus("pending");
    const refund = await rzp.payments.refund(payment.id, {});
    expect(refund.status).toBe("pending");
    await fake.idle();
    receiver.received.length = 0;

    const failed = fake.finishRefund(refund.id, "failed");
    expect(await failed.delivered).toEqual([200]);
    expect(receiver.received[0].json.event).toBe("refund.failed");
    expect(receiver.received[0].json.payload.refund.entity).toMatchObject({ id: refund.id, status: "failed" });
    expect(await rzp.payments.fetch(payment.id)).toMatchObject({ status: "captured", amount_refunded: 0, refund_status: null });
    expect(() => fake.finishRefund(refund.id, "processed")).toThrow("The refund is already failed");
  });

  it("fails a payment with Razorpay's error fields and a payment.failed webhook, and lets the order be paid again", async () => {
    const order = await rzp.orders.create(ORDER);
    const failed = fake.pay(order.id, { outcome: "failed" });
    expect(failed.checkout).toBeUndefined();
    expect(await failed.delivered).toEqual([200]);
    expect(receiver.received.map(({ json }) => json.event)).toEqual(["payment.failed"]);
    expect(await rzp.payments.fetch(failed.payment.id)).toMatchObject({ status: "failed", captured: false, fee: null, error_code: "BAD_REQUEST_ERROR", error_reason: "payment_failed" });
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: "attempted", attempts: 1, amount_paid: 0 });
    await expect(rzp.payments.refund(failed.payment.id, {})).rejects.toMatchObject({ statusCode: 400 });

    fake.pay(order.id);
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: "paid", attempts: 2 });
    expect(() => fake.pay(order.id)).toThrow("Order has already been paid");
  });
});

describe("the fake Razorpay's webhooks", () => {
  it("holds events, then delivers them in the order asked, drops them, or delivers one again as it was", async () => {
    const order = await rzp.orders.create(ORDER);
    fake.hold();
    const paid = fake.pay(order.id);
    expect(await paid.delivered).toEqual([]);
    expect(fake.held().map(({ event }) => event)).toEqual(["payment.authorized", "payment.captured", "order.paid"]);
    const [authorized, captured, orderPaid] = paid.events;

    expect(await fake.release([orderPaid.id, captured.id])).toEqual([200, 200]);
    expect(receiver.received.map(({ json }) => json.event)).toEqual(["order.paid", "payment.captured"]);
    expect(fake.drop().map(({ id }) => id)).toEqual([authorized.id]);
    expect(fake.held()).toEqual([]);

    expect(await fake.redeliver(captured.id)).toBe(200);
    expect(receiver.received[2].headers["x-razorpay-event-id"]).toBe(captured.id);
    expect(receiver.received[2].body).toBe(receiver.received[1].body);
    expect(fake.events().find(({ id }) => id === captured.id)?.statuses).toEqual([200, 200]);
  });

  it("tries a delivery again while the endpoint fails, and gives up after the attempts allowed", async () => {
    const order = await rzp.orders.create(ORDER);
    receiver.answers.push(500, 503);
    const paid = fake.pay(order.id, { outcome: "failed" });
    expect(await paid.delivered).toEqual([200]);
    expect(paid.events[0].statuses).toEqual([500, 503, 200]);

    // An endpoint that hangs up without answering, as an app that is down behind its proxy.
    const down = createServer((request) => request.socket.destroy());
    await new Promise<void>((resolve) => down.listen(0, "127.0.0.1", resolve));
    fake.setWebhookUrl(`http://127.0.0.1:${(down.address() as AddressInfo).port}/webhook`);
    const unanswered = fake.pay(order.id, { outcome: "failed" });
    expect(await unanswered.delivered).toEqual([0]);
    expect(unanswered.events[0].statuses).toEqual([0, 0, 0, 0]);
    await new Promise<void>((resolve) => down.close(() => resolve()));
  });

  it("delivers to a route handler called in-process, as to a URL", async () => {
    const requests: Request[] = [];
    fake.setWebhookUrl(async (request) => {
      requests.push(request.clone());
      return new Response(null, { status: requests.length === 1 ? 503 : 200 });
    });
    const order = fake.createOrder({ amount: 500 });
    expect(order).toMatchObject({ amount: 500, currency: "INR", status: "created" });
    const paid = fake.pay(order.id, { outcome: "failed" });
    expect(await paid.delivered).toEqual([200]);
    expect(paid.events[0].statuses).toEqual([503, 200]);
    const body = await requests[1].text();
    expect(body).toBe(paid.events[0].body);
    expect(requests[1].headers.get("x-razorpay-event-id")).toBe(paid.events[0].id);
    expect(Razorpay.validateWebhookSignature(body, requests[1].headers.get("x-razorpay-signature")!, WEBHOOK_SECRET)).toBe(true);
  });

  it("builds a signed event a test can change, and sends it as given", async () => {
    const order = await rzp.orders.create(ORDER);
    const { payment } = fake.pay(order.id);
    await fake.idle();
    const event = fake.buildEvent("payment.captured", { payment: { ...payment, amount: 1 } });
    expect(Razorpay.validateWebhookSignature(event.body, event.signature, WEBHOOK_SECRET)).toBe(true);
    expect(event.signature).toBe(fake.sign(event.body));
    expect(JSON.parse(event.body)).toMatchObject({ entity: "event", event: "payment.captured", contains: ["payment"], payload: { payment: { entity: { id: payment.id, amount: 1 } } } });
    expect(await fake.deliver(event)).toBe(200);
    expect(await fake.deliver({ ...event, body: event.body.replace('"amount":1,', '"amount":10000,') })).toBe(401);
  });
});

describe("the fake Razorpay's settlement report", () => {
  it("settles captured payments less Razorpay's fee, and processed refunds, once each", async () => {
    fake.settle();
    const order = await rzp.orders.create({ ...ORDER, amount: 12_345 });
    const { payment } = fake.pay(order.id, { method: "netbanking" });
    fake.pay((await rzp.orders.create(ORDER)).id, { outcome: "failed" });
    const refund = await rzp.payments.refund(payment.id, { amount: 2_345 });

    const settlement = fake.settle({ settlementId: "setl_FakeSettlement01", utr: "1700000000abcdef", settledAt: 1_700_000_000 });
    // 2 % of 12345 paise is 247 (rounded); GST 18 % of that is 44: fee 291 in all.
    expect(settlement.lines).toEqual([
      expect.objectContaining({ entity_id: payment.id, type: "payment", debit: 0, credit: 12_054, amount: 12_345, fee: 291, tax: 44, order_id: order.id, method: "netbanking", settlement_id: "setl_FakeSettlement01" }),
      expect.objectContaining({ entity_id: refund.id, type: "refund", debit: 2_345, credit: 0, amount: 2_345, fee: 0, tax: 0, order_id: order.id, method: "netbanking" }),
    ]);
    expect(settlement.csv.split("\n")).toEqual([
      "entity_id,type,debit,credit,amount,currency,fee,tax,on_hold,settled,created_at,settled_at,settlement_id,settlement_utr,order_id,method",
      `${payment.id},payment,0,12054,12345,INR,291,44,false,true,${payment.created_at},1700000000,setl_FakeSettlement01,1700000000abcdef,${order.id},netbanking`,
      `${refund.id},refund,2345,0,2345,INR,0,0,false,true,${refund.created_at},1700000000,setl_FakeSettlement01,1700000000abcdef,${order.id},netbanking`,
      "",
    ]);
    expect(fake.settle().lines).toEqual([]);
  });
});

describe("the fake Razorpay's Checkout and control over HTTP", () => {
  it("serves a Checkout script any page may load", async () => {
    const script = await fetch(fake.checkoutUrl);
    expect(script.headers.get("content-type")).toMatch(/^application\/javascript/);
    expect(script.headers.get("access-control-allow-origin")).toBe("*");
    const text = await script.text();
    expect(text).toContain("window.Razorpay = Razorpay");
    expect(text).toContain(JSON.stringify(fake.url));
    const preflight = await fetch(`${fake.url}/_fake/checkout/pay`, { method: "OPTIONS", headers: { Origin: "http://localhost:3100", "Access-Control-Request-Method": "POST" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toBe("Content-Type");
  });

  it("pays for Checkout with the merchant's key: the handler's ids and signature, or the payment.failed response", async () => {
    const post = (path: string, body: unknown) => fetch(`${fake.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const order = await rzp.orders.create(ORDER);
    expect((await fetch(`${fake.url}/_fake/checkout/orders/${order.id}?key=${KEY_ID}`).then((response) => response.json())).amount).toBe(10_000);
    expect((await post("/_fake/checkout/pay", { key: "rzp_test_someoneElse01", order_id: order.id, outcome: "captured" })).status).toBe(401);

    const failed = await post("/_fake/checkout/pay", { key: KEY_ID, order_id: order.id, outcome: "failed" }).then((response) => response.json());
    expect(failed).toMatchObject({ error: { code: "BAD_REQUEST_ERROR", reason: "payment_failed", metadata: { order_id: order.id } } });
    expect(failed.error.metadata.payment_id).toMatch(/^pay_/);

    const success = await post("/_fake/checkout/pay", { key: KEY_ID, order_id: order.id, outcome: "captured", email: "payer@example.com" }).then((response) => response.json());
    expect(success.razorpay_order_id).toBe(order.id);
    expect(validatePaymentVerification({ order_id: order.id, payment_id: success.razorpay_payment_id }, success.razorpay_signature, KEY_SECRET)).toBe(true);
    expect(await rzp.payments.fetch(success.razorpay_payment_id)).toMatchObject({ status: "captured", email: "payer@example.com" });
    expect((await post("/_fake/checkout/pay", { key: KEY_ID, order_id: order.id, outcome: "captured" })).status).toBe(400);
  });

  it("holds, releases and lists events, and writes the settlement report, for a test in another process", async () => {
    const post = (path: string, body: unknown = {}) => fetch(`${fake.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((response) => response.text());
    const order = await rzp.orders.create(ORDER);
    await post("/_fake/webhooks/hold");
    const paid = JSON.parse(await post(`/_fake/orders/${order.id}/pay`, { outcome: "captured" }));
    expect(paid.events.map(({ event }: { event: string }) => event)).toEqual(["payment.authorized", "payment.captured", "order.paid"]);
    const held = await fetch(`${fake.url}/_fake/held`).then((response) => response.json());
    expect(held).toHaveLength(3);
    expect(JSON.parse(await post("/_fake/webhooks/release", { ids: [held[1].id] }))).toEqual({ statuses: [200] });
    expect(JSON.parse(await post("/_fake/webhooks/drop"))).toMatchObject({ dropped: [{ id: held[0].id }, { id: held[2].id }] });
    expect(JSON.parse(await post(`/_fake/events/${held[1].id}/redeliver`))).toEqual({ status: 200 });
    expect(receiver.received.map(({ json }) => json.event)).toEqual(["payment.captured", "payment.captured"]);
    expect((await fetch(`${fake.url}/_fake/payments`).then((response) => response.json())).map(({ id }: { id: string }) => id)).toContain(paid.payment.id);

    const csv = await post("/_fake/settlements", { settlement_id: "setl_FakeSettlement02" });
    expect(csv).toContain(`${paid.payment.id},payment,0,9764,10000,INR,236,36,false,true,`);
  });
});
