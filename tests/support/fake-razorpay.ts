import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * A local Razorpay: the part of its documented HTTP API the app calls through the official SDK
 * (orders, payments, refunds under /v1, with its Basic authentication and error shape), its
 * webhooks signed as Razorpay signs them, a stand-in for its browser Checkout at /checkout.js, and
 * a control API (in-process, and over HTTP under /_fake/) with which a test plays the customer and
 * the gateway's own whims: a failed payment, a webhook dropped, delayed, repeated or reordered.
 * Shapes follow razorpay-node's documents/*.md; the SDK is pointed here with
 * `instance.api.rq.defaults.baseURL = fake.url`.
 */

interface FakeRazorpayOptions {
  /** 0 (the default) takes any free port. */
  port?: number;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where events are POSTed. Until there is one, events wait as held ones (see `release`). */
  webhookUrl?: WebhookTarget;
  /** Tries per automatic delivery: Razorpay tries again while the endpoint answers other than 2xx. Default 4. */
  webhookAttempts?: number;
  /** The wait before the first retry, doubled before each next. Default 200 ms. */
  retryDelayMs?: number;
}

/**
 * A URL, or a route handler called in-process with the Request Razorpay would send (a Vitest file
 * that calls the app's handlers without a server: `(request) => POST(request, { params })`).
 */
type WebhookTarget = string | ((request: Request) => Promise<Response>);

type Notes = Record<string, string> | [];

interface RazorpayOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Notes;
  created_at: number;
}

interface RazorpayPayment {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "authorized" | "captured" | "failed" | "refunded";
  order_id: string;
  invoice_id: null;
  international: false;
  method: PaymentMethod;
  amount_refunded: number;
  refund_status: "partial" | "full" | null;
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

interface RazorpayRefund {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: "pending" | "processed" | "failed";
  speed_processed: "normal";
  speed_requested: string;
}

type PaymentMethod = "upi" | "card" | "netbanking" | "wallet";

interface PayOptions {
  /** "captured" (the default): authorized and captured at once, as with automatic capture. */
  outcome?: "captured" | "failed";
  method?: PaymentMethod;
  email?: string;
  contact?: string;
  description?: string;
  notes?: Record<string, string>;
}

/** A webhook as Razorpay sends it: its X-Razorpay-Event-Id, the exact body and its X-Razorpay-Signature. */
interface WebhookEvent {
  id: string;
  event: string;
  body: string;
  signature: string;
}

/** An event the fake raised, with the HTTP status of each delivery attempt so far (0: no answer). */
interface RaisedEvent extends WebhookEvent {
  statuses: number[];
}

interface Raised {
  events: RaisedEvent[];
  /** Each sent event's final delivery status, in order; empty while the events are held. */
  delivered: Promise<number[]>;
}

interface Paid extends Raised {
  payment: RazorpayPayment;
  /** What Checkout hands the page's handler for a captured payment; absent for a failed one. */
  checkout?: CheckoutSuccess;
}

interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** One line of Razorpay's settlement recon report (documents/settlement.md): amounts in paise, times in Unix seconds. */
interface ReconLine {
  entity_id: string;
  type: "payment" | "refund";
  debit: number;
  credit: number;
  amount: number;
  currency: string;
  /** What Razorpay charged, GST included. */
  fee: number;
  /** The GST part of the fee. */
  tax: number;
  on_hold: boolean;
  settled: boolean;
  created_at: number;
  settled_at: number;
  settlement_id: string;
  settlement_utr: string;
  order_id: string;
  method: PaymentMethod;
}

interface Settlement {
  id: string;
  utr: string;
  settledAt: number;
  lines: ReconLine[];
  /** The recon report as CSV, a header line then a line per entity, as the dashboard offers it for upload. */
  csv: string;
}

interface SettleOptions {
  settlementId?: string;
  utr?: string;
  /** Unix seconds; default now. */
  settledAt?: number;
}

const RECON_COLUMNS = [
  "entity_id",
  "type",
  "debit",
  "credit",
  "amount",
  "currency",
  "fee",
  "tax",
  "on_hold",
  "settled",
  "created_at",
  "settled_at",
  "settlement_id",
  "settlement_utr",
  "order_id",
  "method",
] as const;

/** Razorpay's webhook signature: HMAC-SHA256 of the exact body with the webhook secret, in hex. */
export function webhookSignature(body: string, webhookSecret: string): string {
  return createHmac("sha256", webhookSecret).update(body).digest("hex");
}

/** Razorpay Checkout's signature for an order's payment: HMAC-SHA256 of "order_id|payment_id" with the key secret, in hex. */
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return webhookSignature(`${orderId}|${paymentId}`, keySecret);
}

/** A refusal in Razorpay's error shape, with the HTTP status the API gives it. */
class RazorpayError extends Error {
  constructor(
    readonly status: number,
    description: string,
    readonly field?: string,
  ) {
    super(description);
  }

  get body() {
    const business = this.status === 400;
    return {
      error: {
        code: "BAD_REQUEST_ERROR",
        description: this.message,
        source: business ? "business" : "NA",
        step: business ? "payment_initiation" : "NA",
        reason: business ? "input_validation_failed" : "NA",
        metadata: {},
        ...(this.field ? { field: this.field } : {}),
      },
    };
  }
}

const NO_SUCH_ID = "The id provided does not exist";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Razorpay's ids: a prefix and 14 base-62 characters. */
function razorpayId(prefix = ""): string {
  return prefix + Array.from(randomBytes(14), (byte) => BASE62[byte % 62]).join("");
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** 2 % of the amount plus 18 % GST on it: Razorpay reports the whole as `fee` and the GST part as `tax`. */
function feeOf(amount: number) {
  const charge = Math.round(amount * 0.02);
  const tax = Math.round(charge * 0.18);
  return { fee: charge + tax, tax };
}

/** An amount in paise as Razorpay reads one: an integer, or a string of digits. */
function paise(value: unknown): number {
  return typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value)) ? Number(value) : NaN;
}

function isOk(status: number) {
  return status >= 200 && status < 300;
}

export async function startFakeRazorpay(options: FakeRazorpayOptions) {
  const { keyId, keySecret, webhookSecret } = options;
  const attemptsPerDelivery = options.webhookAttempts ?? 4;
  const retryDelayMs = options.retryDelayMs ?? 200;
  const accountId = razorpayId("acc_");
  let webhookUrl = options.webhookUrl;
  let holding = false;
  let newRefundStatus: "processed" | "pending" = "processed";

  const orders = new Map<string, RazorpayOrder>();
  const payments = new Map<string, RazorpayPayment>();
  const refunds = new Map<string, RazorpayRefund>();
  const raised = new Map<string, RaisedEvent>();
  const held: RaisedEvent[] = [];
  const settled = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();
  const stopping = new AbortController();

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  }

  /** One POST of the event to the webhook URL; the status it answered, or 0 when nothing answered. */
  async function post(event: WebhookEvent): Promise<number> {
    if (!webhookUrl || stopping.signal.aborted) return 0;
    const request = new Request(typeof webhookUrl === "string" ? webhookUrl : "http://localhost:3000/api/payments/gateway/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": "Razorpay-Webhook/v1", "X-Razorpay-Event-Id": event.id, "X-Razorpay-Signature": event.signature },
      body: event.body,
      // Razorpay gives up after 5 s; a loaded test machine's app can take longer, and a timeout
      // here would only add retries no test asked for.
      signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(30_000)]),
    });
    const status = await (typeof webhookUrl === "string" ? fetch(request) : webhookUrl(request)).then(
      async (response) => (await response.arrayBuffer(), response.status),
      (error: unknown) => {
        if (typeof webhookUrl === "string") return 0;
        console.error("The webhook handler threw (as a 500 from the app):", error);
        return 500;
      },
    );
    const record = raised.get(event.id);
    if (record?.body === event.body) record.statuses.push(status);
    return status;
  }

  async function retry(event: RaisedEvent, firstStatus: number): Promise<number> {
    let status = firstStatus;
    for (let attempt = 1; attempt < attemptsPerDelivery && !isOk(status) && !stopping.signal.aborted; attempt++) {
      await sleep(retryDelayMs * 2 ** (attempt - 1), undefined, { signal: stopping.signal }).catch(() => undefined);
      status = await post(event);
    }
    return status;
  }

  /** First attempts go out one after another, in order; each failed one is then retried on its own, as Razorpay does. */
  function send(events: RaisedEvent[]): Promise<number[]> {
    let previous: Promise<unknown> = Promise.resolve();
    const finals = events.map((event) => {
      const first = previous.then(() => post(event));
      previous = first;
      return first.then((status) => retry(event, status));
    });
    return track(Promise.all(finals));
  }

  function raise(events: WebhookEvent[]): Raised {
    const records = events.map((event) => ({ ...event, statuses: [] }));
    for (const record of records) raised.set(record.id, record);
    if (holding || !webhookUrl) {
      held.push(...records);
      return { events: records, delivered: Promise.resolve([]) };
    }
    return { events: records, delivered: send(records) };
  }

  type Entities = { payment: RazorpayPayment; order?: RazorpayOrder; refund?: RazorpayRefund };

  /** An event's body as Razorpay builds it, with its id and signature; nothing is recorded or sent. */
  function buildEvent(event: string, entities: Entities): WebhookEvent {
    const contains = event.startsWith("refund.") ? ["refund", "payment"] : event.startsWith("order.") ? ["payment", "order"] : ["payment"];
    const payload = Object.fromEntries(contains.map((name) => [name, { entity: entities[name as keyof Entities] }]));
    const body = JSON.stringify({ entity: "event", account_id: accountId, event, contains, payload, created_at: nowSeconds() });
    return { id: razorpayId(), event, body, signature: webhookSignature(body, webhookSecret) };
  }

  function find<T>(map: Map<string, T>, id: string): T {
    const found = map.get(id);
    if (!found) throw new RazorpayError(400, NO_SUCH_ID);
    return found;
  }

  function createOrder(input: Record<string, unknown>): RazorpayOrder {
    const { currency, receipt, notes } = input;
    const amount = paise(input.amount);
    if (!Number.isInteger(amount)) throw new RazorpayError(400, "The amount must be an integer.", "amount");
    if (amount < 100) throw new RazorpayError(400, "The amount must be atleast INR 1.00", "amount");
    if (currency !== "INR") throw new RazorpayError(400, "Currency is not supported", "currency");
    if (receipt !== undefined && (typeof receipt !== "string" || receipt.length > 40)) throw new RazorpayError(400, "The receipt may not be greater than 40 characters.", "receipt");
    if (notes !== undefined && (typeof notes !== "object" || notes === null || Object.keys(notes).length > 15)) throw new RazorpayError(400, "The notes may not have more than 15 items.", "notes");
    const order: RazorpayOrder = {
      id: razorpayId("order_"),
      entity: "order",
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt: receipt ?? null,
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: (notes as Record<string, string> | undefined) ?? [],
      created_at: nowSeconds(),
    };
    orders.set(order.id, order);
    return order;
  }

  /** The customer pays the order in Checkout: the payment, and the webhooks Razorpay sends for it. */
  function pay(orderId: string, payOptions: PayOptions = {}): Paid {
    const order = find(orders, orderId);
    if (order.status === "paid") throw new RazorpayError(400, "Order has already been paid", "order_id");
    const method = payOptions.method ?? "upi";
    order.attempts += 1;
    order.status = "attempted";
    const payment: RazorpayPayment = {
      id: razorpayId("pay_"),
      entity: "payment",
      amount: order.amount_due,
      currency: order.currency,
      status: "authorized",
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: payOptions.description ?? null,
      card_id: null,
      bank: method === "netbanking" ? "HDFC" : null,
      wallet: method === "wallet" ? "paytm" : null,
      vpa: method === "upi" ? "success@razorpay" : null,
      email: payOptions.email ?? "gaurav.kumar@example.com",
      contact: payOptions.contact ?? "+919000090000",
      notes: payOptions.notes ?? [],
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: method === "upi" ? { rrn: String(Date.now()).slice(-12) } : {},
      created_at: nowSeconds(),
    };
    payments.set(payment.id, payment);
    if (payOptions.outcome === "failed") {
      Object.assign(payment, {
        status: "failed",
        error_code: "BAD_REQUEST_ERROR",
        error_description: "Payment failed",
        error_source: "customer",
        error_step: "payment_authorization",
        error_reason: "payment_failed",
      });
      return { payment: structuredClone(payment), ...raise([buildEvent("payment.failed", { payment })]) };
    }
    const authorized = buildEvent("payment.authorized", { payment });
    Object.assign(payment, { status: "captured", captured: true, ...feeOf(payment.amount) });
    Object.assign(order, { status: "paid", amount_paid: order.amount, amount_due: 0 });
    const checkout = { razorpay_payment_id: payment.id, razorpay_order_id: order.id, razorpay_signature: checkoutSignature(order.id, payment.id, keySecret) };
    const events = [authorized, buildEvent("payment.captured", { payment }), buildEvent("order.paid", { payment, order })];
    return { payment: structuredClone(payment), checkout, ...raise(events) };
  }

  function refreshRefunded(payment: RazorpayPayment) {
    payment.amount_refunded = [...refunds.values()].filter((refund) => refund.payment_id === payment.id && refund.status !== "failed").reduce((sum, refund) => sum + refund.amount, 0);
    payment.refund_status = payment.amount_refunded === 0 ? null : payment.amount_refunded === payment.amount ? "full" : "partial";
    payment.status = payment.refund_status === "full" ? "refunded" : "captured";
  }

  function refund(paymentId: string, input: Record<string, unknown>): { refund: RazorpayRefund } & Raised {
    const payment = find(payments, paymentId);
    if (!payment.captured) throw new RazorpayError(400, "The payment has not been captured");
    const left = payment.amount - payment.amount_refunded;
    if (left === 0) throw new RazorpayError(400, "The payment has been fully refunded already");
    const amount = input.amount === undefined ? left : paise(input.amount);
    if (!Number.isInteger(amount) || amount < 100) throw new RazorpayError(400, "The amount must be atleast INR 1.00", "amount");
    if (amount > left) throw new RazorpayError(400, "The refund amount provided is greater than amount captured", "amount");
    const created: RazorpayRefund = {
      id: razorpayId("rfnd_"),
      entity: "refund",
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: (input.notes as Record<string, string> | undefined) ?? [],
      receipt: typeof input.receipt === "string" ? input.receipt : null,
      acquirer_data: { arn: null },
      created_at: nowSeconds(),
      batch_id: null,
      status: newRefundStatus,
      speed_processed: "normal",
      speed_requested: typeof input.speed === "string" ? input.speed : "normal",
    };
    if (created.status === "processed") created.acquirer_data.arn = razorpayId();
    refunds.set(created.id, created);
    refreshRefunded(payment);
    const events = [buildEvent("refund.created", { refund: created, payment })];
    if (created.status === "processed") events.push(buildEvent("refund.processed", { refund: created, payment }));
    return { refund: structuredClone(created), ...raise(events) };
  }

  /** The bank's answer to a pending refund, and Razorpay's refund.processed or refund.failed webhook. */
  function finishRefund(refundId: string, status: "processed" | "failed"): { refund: RazorpayRefund } & Raised {
    const pending = find(refunds, refundId);
    if (pending.status !== "pending") throw new RazorpayError(400, `The refund is already ${pending.status}`);
    pending.status = status;
    if (status === "processed") pending.acquirer_data.arn = razorpayId();
    const payment = find(payments, pending.payment_id);
    refreshRefunded(payment);
    return { refund: structuredClone(pending), ...raise([buildEvent(`refund.${status}`, { refund: pending, payment })]) };
  }

  function takeHeld(ids?: string[]): RaisedEvent[] {
    const events = ids
      ? ids.map((id) => {
          const event = held.find((candidate) => candidate.id === id);
          if (!event) throw new Error(`Event ${id} is not held`);
          return event;
        })
      : [...held];
    for (const event of events) held.splice(held.indexOf(event), 1);
    return events;
  }

  /** Everything captured or refunded and not settled yet, in one settlement, as its recon report. */
  function settle(settleOptions: SettleOptions = {}): Settlement {
    const settledAt = settleOptions.settledAt ?? nowSeconds();
    const id = settleOptions.settlementId ?? razorpayId("setl_");
    const utr = settleOptions.utr ?? `${settledAt}${razorpayId().slice(0, 6).toLowerCase()}`;
    const common = { on_hold: false, settled: true, settled_at: settledAt, settlement_id: id, settlement_utr: utr };
    const lines: ReconLine[] = [];
    for (const payment of payments.values()) {
      if (!payment.captured || settled.has(payment.id)) continue;
      const fee = payment.fee ?? 0;
      lines.push({
        entity_id: payment.id,
        type: "payment",
        debit: 0,
        credit: payment.amount - fee,
        amount: payment.amount,
        currency: payment.currency,
        fee,
        tax: payment.tax ?? 0,
        created_at: payment.created_at,
        order_id: payment.order_id,
        method: payment.method,
        ...common,
      });
    }
    for (const processed of refunds.values()) {
      if (processed.status !== "processed" || settled.has(processed.id)) continue;
      const payment = find(payments, processed.payment_id);
      lines.push({
        entity_id: processed.id,
        type: "refund",
        debit: processed.amount,
        credit: 0,
        amount: processed.amount,
        currency: processed.currency,
        fee: 0,
        tax: 0,
        created_at: processed.created_at,
        order_id: payment.order_id,
        method: payment.method,
        ...common,
      });
    }
    for (const line of lines) settled.add(line.entity_id);
    const csv = [RECON_COLUMNS.join(","), ...lines.map((line) => RECON_COLUMNS.map((column) => String(line[column])).join(","))].join("\n") + "\n";
    return { id, utr, settledAt, lines, csv };
  }

  const control = {
    /** An order as the API creates one, for a test that needs one the app never asked for. */
    createOrder: (input: { amount: number; currency?: string; receipt?: string; notes?: Record<string, string> }) => structuredClone(createOrder({ currency: "INR", ...input })),
    pay,
    /** The status new refunds take: "processed" at once (the default), or "pending" until `finishRefund`. */
    setRefundStatus(status: "processed" | "pending") {
      newRefundStatus = status;
    },
    finishRefund,
    orders: () => [...orders.values()].map((order) => structuredClone(order)),
    payments: () => [...payments.values()].map((payment) => structuredClone(payment)),
    refunds: () => [...refunds.values()].map((found) => structuredClone(found)),
    /** Every event raised so far, oldest first, with its delivery statuses. */
    events: () => [...raised.values()],
    /** Events raised while holding (or without a webhook URL) and not yet released or dropped. */
    held: () => [...held],
    setWebhookUrl(url: WebhookTarget | undefined) {
      webhookUrl = url;
    },
    /** From now on, events wait to be released or dropped instead of going out. */
    hold() {
      holding = true;
    },
    /** From now on, events go out when raised; those held stay held. */
    resume() {
      holding = false;
    },
    /** Sends held events (all, or those named, in the order named), retrying as for any delivery. */
    release: (ids?: string[]) => send(takeHeld(ids)),
    /** Forgets held events (all, or those named): Razorpay never delivered them. */
    drop: (ids?: string[]) => takeHeld(ids),
    /** Sends a raised event again, the same id, body and signature, once; its status. */
    redeliver: (eventId: string) => track(post(find(raised, eventId))),
    /** Builds and signs an event from the given entities, recording and sending nothing: a test may change it and `deliver` it. */
    buildEvent,
    /** POSTs the given id, body and signature to the webhook URL once, as they are; its status. */
    deliver: (event: WebhookEvent) => track(post(event)),
    /** Signs a body with the webhook secret, as Razorpay does. */
    sign: (body: string) => webhookSignature(body, webhookSecret),
    /** Resolves when no delivery or retry is under way. */
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    settle,
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const refusal = error instanceof RazorpayError ? error : new RazorpayError(500, error instanceof Error ? error.message : String(error));
      if (!response.headersSent) json(response, refusal.status, refusal.body);
      else response.end();
    });
  });

  const CORS = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "GET, POST, OPTIONS", "Access-Control-Allow-Headers": "Content-Type" };

  function json(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...CORS });
    response.end(JSON.stringify(body));
  }

  async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
    let text = "";
    for await (const chunk of request) text += chunk;
    if (text === "") return {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Refused below, as Razorpay refuses a body it cannot read.
    }
    throw new RazorpayError(400, "The request body is not valid JSON");
  }

  /** Razorpay's answers: no credentials, an unknown key, a wrong secret. */
  function authenticate(request: IncomingMessage) {
    const [scheme, encoded] = (request.headers.authorization ?? "").split(" ");
    if (scheme !== "Basic" || !encoded) throw new RazorpayError(401, "Please provide your api key for authentication purposes.");
    const decoded = Buffer.from(encoded, "base64").toString();
    const colon = decoded.indexOf(":");
    if (decoded.slice(0, colon) !== keyId) throw new RazorpayError(401, "The api key provided is invalid");
    if (decoded.slice(colon + 1) !== keySecret) throw new RazorpayError(401, "Authentication failed");
  }

  function collection<T extends { created_at: number }>(items: T[], query: URLSearchParams) {
    const count = Math.min(Number(query.get("count") ?? 10) || 10, 100);
    const skip = Number(query.get("skip") ?? 0) || 0;
    const page = items.toReversed().slice(skip, skip + count);
    return { entity: "collection", count: page.length, items: page };
  }

  function checkoutKey(key: unknown) {
    if (key !== keyId) throw new RazorpayError(401, "The api key provided is invalid");
  }

  type Route = [method: string, path: RegExp, answer: (parts: string[], request: IncomingMessage, query: URLSearchParams) => Promise<unknown> | unknown];

  const API: Route[] = [
    ["POST", /^\/v1\/orders$/, async (_, request) => createOrder(await readJson(request))],
    ["GET", /^\/v1\/orders$/, (_, __, query) => collection([...orders.values()], query)],
    ["GET", /^\/v1\/orders\/([^/]+)$/, ([id]) => find(orders, id)],
    [
      "GET",
      /^\/v1\/orders\/([^/]+)\/payments$/,
      ([id], _, query) => {
        const order = find(orders, id);
        return collection([...payments.values()].filter((payment) => payment.order_id === order.id), query);
      },
    ],
    ["GET", /^\/v1\/payments$/, (_, __, query) => collection([...payments.values()], query)],
    ["GET", /^\/v1\/payments\/([^/]+)$/, ([id]) => find(payments, id)],
    ["POST", /^\/v1\/payments\/([^/]+)\/refund$/, async ([id], request) => refund(id, await readJson(request)).refund],
    [
      "GET",
      /^\/v1\/payments\/([^/]+)\/refunds$/,
      ([id], _, query) => {
        const payment = find(payments, id);
        return collection([...refunds.values()].filter((found) => found.payment_id === payment.id), query);
      },
    ],
    [
      "GET",
      /^\/v1\/payments\/([^/]+)\/refunds\/([^/]+)$/,
      ([paymentId, refundId]) => {
        const found = find(refunds, refundId);
        if (found.payment_id !== paymentId) throw new RazorpayError(400, NO_SUCH_ID);
        return found;
      },
    ],
    ["GET", /^\/v1\/refunds$/, (_, __, query) => collection([...refunds.values()], query)],
    ["GET", /^\/v1\/refunds\/([^/]+)$/, ([id]) => find(refunds, id)],
  ];

  const ids = async (request: IncomingMessage) => (await readJson(request)).ids as string[] | undefined;
  const summary = (events: RaisedEvent[]) => events.map(({ id, event, statuses }) => ({ id, event, statuses }));

  const CONTROL: Route[] = [
    ["GET", /^\/_fake\/checkout\/orders\/([^/]+)$/, ([id], _, query) => (checkoutKey(query.get("key")), find(orders, id))],
    [
      "POST",
      /^\/_fake\/checkout\/pay$/,
      async (_, request) => {
        const input = await readJson(request);
        checkoutKey(input.key);
        const paid = pay(String(input.order_id), input as PayOptions);
        if (paid.checkout) return paid.checkout;
        // What Checkout hands the page's payment.failed listeners.
        const { payment } = paid;
        return { error: { code: payment.error_code, description: payment.error_description, source: payment.error_source, step: payment.error_step, reason: payment.error_reason, metadata: { order_id: payment.order_id, payment_id: payment.id } } };
      },
    ],
    [
      "POST",
      /^\/_fake\/orders\/([^/]+)\/pay$/,
      async ([id], request) => {
        const { payment, checkout, events } = pay(id, (await readJson(request)) as PayOptions);
        return { payment, checkout, events: summary(events) };
      },
    ],
    ["GET", /^\/_fake\/orders$/, () => control.orders()],
    ["GET", /^\/_fake\/payments$/, () => control.payments()],
    ["GET", /^\/_fake\/refunds$/, () => control.refunds()],
    ["GET", /^\/_fake\/events$/, () => control.events()],
    ["GET", /^\/_fake\/held$/, () => summary(held)],
    ["POST", /^\/_fake\/webhooks\/hold$/, () => (control.hold(), {})],
    ["POST", /^\/_fake\/webhooks\/resume$/, () => (control.resume(), {})],
    ["POST", /^\/_fake\/webhooks\/release$/, async (_, request) => ({ statuses: await control.release(await ids(request)) })],
    ["POST", /^\/_fake\/webhooks\/drop$/, async (_, request) => ({ dropped: summary(control.drop(await ids(request))) })],
    ["POST", /^\/_fake\/webhooks\/url$/, async (_, request) => (control.setWebhookUrl((await readJson(request)).url as string | undefined), {})],
    ["POST", /^\/_fake\/events\/([^/]+)\/redeliver$/, async ([id]) => ({ status: await control.redeliver(id) })],
    ["POST", /^\/_fake\/refunds\/status$/, async (_, request) => (control.setRefundStatus((await readJson(request)).status as "processed" | "pending"), {})],
    ["POST", /^\/_fake\/refunds\/([^/]+)\/finish$/, async ([id], request) => ({ refund: finishRefund(id, (await readJson(request)).status as "processed" | "failed").refund })],
  ];

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://fake");
    if (request.method === "OPTIONS") {
      response.writeHead(204, CORS).end();
      return;
    }
    if (request.method === "GET" && url.pathname === "/checkout.js") {
      response.writeHead(200, { "Content-Type": "application/javascript; charset=utf-8", "Cache-Control": "no-store", ...CORS });
      response.end(checkoutScript(`http://${request.headers.host}`));
      return;
    }
    if (request.method === "POST" && url.pathname === "/_fake/settlements") {
      const input = await readJson(request);
      const { csv } = settle({ settlementId: input.settlement_id as string | undefined, utr: input.utr as string | undefined, settledAt: input.settled_at as number | undefined });
      response.writeHead(200, { "Content-Type": "text/csv; charset=utf-8", ...CORS });
      response.end(csv);
      return;
    }
    const isApi = url.pathname.startsWith("/v1/");
    if (isApi) authenticate(request);
    for (const [method, path, answer] of isApi ? API : CONTROL) {
      const parts = path.exec(url.pathname);
      if (parts && request.method === method) {
        json(response, 200, await answer(parts.slice(1).map(decodeURIComponent), request, url.searchParams));
        return;
      }
    }
    throw new RazorpayError(400, "The requested URL was not found on the server.");
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const checkoutUrl = `${url}/checkout.js`;

  return {
    /** The API's origin: the SDK's `api.rq.defaults.baseURL`, and the app's RAZORPAY_API_URL. */
    url,
    /** The Checkout script, the app's RAZORPAY_CHECKOUT_URL. */
    checkoutUrl,
    accountId,
    /** The settings that point an app server at this fake. */
    env: {
      PAYMENT_GATEWAY: "razorpay",
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: keySecret,
      RAZORPAY_WEBHOOK_SECRET: webhookSecret,
      RAZORPAY_API_URL: url,
      RAZORPAY_CHECKOUT_URL: checkoutUrl,
    },
    ...control,
    /** Stops listening and abandons deliveries and retries under way. */
    async close() {
      stopping.abort();
      await control.idle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;

/**
 * Checkout's browser contract (https://checkout.razorpay.com/v1/checkout.js): `new Razorpay(options)`,
 * `.on("payment.failed", listener)`, `.open()`, `.close()`; `options.handler` gets the payment id,
 * order id and signature, `options.modal.ondismiss` runs when the customer closes it. Where the real
 * one opens Razorpay's own frame, this one shows a dialog in the page whose buttons pay through the fake.
 */
function checkoutScript(origin: string): string {
  return `(function () {
  "use strict";
  var FAKE = ${JSON.stringify(origin)};
  function rupees(paise) {
    return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
  }
  function request(path, body) {
    return fetch(FAKE + path, body ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : undefined).then(function (response) {
      return response.json().then(function (json) { return { ok: response.ok, json: json }; });
    });
  }
  function element(tag, text, style) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    if (style) node.style.cssText = style;
    return node;
  }
  var BUTTON = "display:block;width:100%;margin-top:8px;padding:10px;border-radius:6px;border:1px solid #0b3d91;font:inherit;cursor:pointer;";
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error("No key passed");
    this.options = options;
    this.listeners = {};
    this.dialog = null;
  }
  Razorpay.prototype.on = function (event, listener) {
    (this.listeners[event] = this.listeners[event] || []).push(listener);
    return this;
  };
  Razorpay.prototype.close = function () {
    if (!this.dialog) return;
    this.dialog.remove();
    this.dialog = null;
    document.removeEventListener("keydown", this.onKey);
    if (this.returnFocus && this.returnFocus.focus) this.returnFocus.focus();
  };
  Razorpay.prototype.open = function () {
    var self = this;
    var options = self.options;
    if (self.dialog) return self;
    self.returnFocus = document.activeElement;
    var dialog = element("div", "", "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,0.6);");
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-modal", "true");
    dialog.setAttribute("aria-label", "Razorpay Checkout (test)");
    var panel = element("div", "", "background:#fff;color:#111;min-width:280px;max-width:90vw;padding:20px;border-radius:8px;font:16px/1.4 system-ui,sans-serif;");
    panel.appendChild(element("h2", options.name || "Razorpay Checkout (test)", "margin:0 0 4px;font-size:18px;"));
    if (options.description) panel.appendChild(element("p", options.description, "margin:0 0 8px;"));
    var amount = element("p", "", "margin:0 0 8px;font-weight:600;");
    var status = element("p", "", "margin:8px 0 0;color:#9b1c1c;");
    status.setAttribute("role", "status");
    panel.appendChild(amount);
    panel.appendChild(status);
    dialog.appendChild(panel);
    document.body.appendChild(dialog);
    self.dialog = dialog;
    function dismiss() {
      self.close();
      if (options.modal && options.modal.ondismiss) options.modal.ondismiss();
    }
    self.onKey = function (event) {
      if (event.key === "Escape") dismiss();
    };
    document.addEventListener("keydown", self.onKey);
    function button(label, primary, onClick) {
      var node = element("button", label, BUTTON + (primary ? "background:#0b3d91;color:#fff;" : "background:#fff;color:#0b3d91;"));
      node.type = "button";
      node.addEventListener("click", onClick);
      panel.appendChild(node);
      return node;
    }
    // Busy rather than disabled buttons: a disabled button would drop the keyboard's focus to the page.
    var busy = false;
    function pay(outcome) {
      if (busy) return;
      busy = true;
      panel.setAttribute("aria-busy", "true");
      status.textContent = "";
      var prefill = options.prefill || {};
      function done() {
        busy = false;
        panel.removeAttribute("aria-busy");
      }
      request("/_fake/checkout/pay", { key: options.key, order_id: options.order_id, outcome: outcome, method: "upi", email: prefill.email, contact: prefill.contact, description: options.description, notes: options.notes }).then(function (answer) {
        done();
        if (!answer.ok) {
          status.textContent = answer.json.error.description;
        } else if (answer.json.error) {
          status.textContent = answer.json.error.description;
          (self.listeners["payment.failed"] || []).forEach(function (listener) { listener(answer.json); });
        } else {
          self.close();
          if (options.handler) options.handler(answer.json);
        }
      }, function () {
        done();
        status.textContent = "Could not reach Razorpay (test)";
      });
    }
    request("/_fake/checkout/orders/" + encodeURIComponent(options.order_id) + "?key=" + encodeURIComponent(options.key)).then(function (answer) {
      if (!self.dialog) return;
      if (!answer.ok) {
        status.textContent = answer.json.error.description;
      } else {
        amount.textContent = "₹" + rupees(answer.json.amount) + " " + answer.json.currency;
        button("Pay ₹" + rupees(answer.json.amount), true, function () { pay("captured"); }).focus();
        button("Fail payment", false, function () { pay("failed"); });
      }
      var close = button("Close", false, dismiss);
      if (!answer.ok) close.focus();
    }, function () {
      status.textContent = "Could not reach Razorpay (test)";
      button("Close", false, dismiss).focus();
    });
    return self;
  };
  window.Razorpay = Razorpay;
})();
`;
}
