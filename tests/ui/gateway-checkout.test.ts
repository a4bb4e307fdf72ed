import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { followCheckout, type CheckoutConstructor, type GatewayOrder, type GatewayPhase } from "@/components/payments/gatewayCheckout";

/** Razorpay Checkout as the browser sees it: the test plays the payer (success, failure, closing it). */
class FakeCheckout {
  static last: FakeCheckout;
  opened = false;
  private failed: (() => void) | undefined;

  constructor(readonly options: ConstructorParameters<CheckoutConstructor>[0]) {
    FakeCheckout.last = this;
  }
  open() {
    this.opened = true;
  }
  on(_event: "payment.failed", callback: () => void) {
    this.failed = callback;
  }
  succeed() {
    this.options.handler({ razorpay_order_id: this.options.order_id, razorpay_payment_id: "pay_IH4NVgf4Dreq1l", razorpay_signature: "0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f" });
  }
  fail() {
    this.failed?.();
  }
  dismiss() {
    this.options.modal.ondismiss();
  }
}

const ORDER_ID = "7f0c5e1e-94c4-4a53-9d55-0b1f4d6f8a10";
const STATUS_PATH = `/api/payments/gateway/orders/${ORDER_ID}`;

function order(minutes = 15): GatewayOrder {
  return {
    id: ORDER_ID,
    gatewayOrderId: "order_IEIaMR65cu6nz3",
    amountPaise: 50_000,
    currency: "INR",
    keyId: "rzp_test_key",
    checkoutUrl: "http://127.0.0.1:9/checkout.js",
    name: "Olympiad",
    description: "Entry fee for Olympiad Season 2",
    prefill: { name: "Kavya Menon", email: "kavya@example.com" },
    expiresAt: new Date(Date.now() + minutes * 60_000).toISOString(),
  };
}

/** The server as the browser reaches it: each path answers from its own queue, the last answer repeating. */
function server(answers: Record<string, unknown[]>) {
  const fetch = vi.fn(async (path: string) => {
    const queue = answers[path];
    if (!queue) return Response.json({ message: "Not found" }, { status: 404 });
    return Response.json(queue.length > 1 ? queue.shift() : queue[0]);
  });
  vi.stubGlobal("fetch", fetch);
  const calls = (path: string) => fetch.mock.calls.filter(([called]) => called === path);
  return { fetch, calls };
}

function follow(minutes?: number) {
  const phases: GatewayPhase[] = [];
  const paid: string[] = [];
  const watch = followCheckout(order(minutes), FakeCheckout as unknown as CheckoutConstructor, { phase: (phase) => phases.push(phase), paid: (how) => paid.push(how) });
  return { phases, paid, watch, checkout: FakeCheckout.last };
}

let page: EventTarget & { visibilityState: "visible" | "hidden" };

beforeEach(() => {
  vi.useFakeTimers();
  page = Object.assign(new EventTarget(), { visibilityState: "visible" as const });
  vi.stubGlobal("document", page);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("following a payment through the gateway's checkout", () => {
  it("opens the checkout with the server's order, sends the checkout's answer to /confirm, and is paid once", async () => {
    const { fetch, calls } = server({ "/api/payments/gateway/confirm": [{ status: "paid", message: "Paid" }], [STATUS_PATH]: [{ status: "paid" }] });
    const { phases, paid, checkout } = follow();
    expect(checkout.opened).toBe(true);
    expect(checkout.options).toMatchObject({ key: "rzp_test_key", order_id: "order_IEIaMR65cu6nz3", amount: 50_000, currency: "INR" });
    expect(phases).toEqual(["paying"]);

    checkout.succeed();
    await vi.advanceTimersByTimeAsync(0);
    const [[, init]] = calls("/api/payments/gateway/confirm") as unknown as [string, RequestInit][];
    expect(JSON.parse(String(init.body))).toEqual({
      gatewayOrderId: "order_IEIaMR65cu6nz3",
      gatewayPaymentId: "pay_IH4NVgf4Dreq1l",
      signature: "0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f",
    });
    expect(phases).toEqual(["paying", "confirming"]);
    expect(paid).toEqual(["paid"]);

    // Nothing is asked once paid, however long the page stays.
    const asked = fetch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch.mock.calls.length).toBe(asked);
    expect(paid).toEqual(["paid"]);
  });

  it("asks the order's status every 2 s while the checkout is open, and is paid when the webhook told the server first", async () => {
    const { calls } = server({ [STATUS_PATH]: [{ status: "open" }, { status: "open" }, { status: "paid" }] });
    const { paid } = follow();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls(STATUS_PATH)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls(STATUS_PATH)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(calls(STATUS_PATH)).toHaveLength(3);
    expect(paid).toEqual(["paid"]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls(STATUS_PATH)).toHaveLength(3);
  });

  it("says a failed attempt, yet counts the retry the checkout allows", async () => {
    server({ "/api/payments/gateway/confirm": [{ status: "paid", message: "Paid" }], [STATUS_PATH]: [{ status: "open" }] });
    const { phases, paid, checkout } = follow();
    checkout.fail();
    expect(phases.at(-1)).toBe("failed");
    checkout.succeed();
    await vi.advanceTimersByTimeAsync(0);
    expect(paid).toEqual(["paid"]);
  });

  it("keeps saying the failure when the checkout is closed after it", async () => {
    server({ [STATUS_PATH]: [{ status: "open" }] });
    const { phases, paid, checkout } = follow();
    checkout.fail();
    checkout.dismiss();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(phases).toEqual(["paying", "failed"]);
    expect(paid).toEqual([]);
  });

  it("goes quiet when the checkout is closed unpaid, but still learns of a UPI payment finished in the payer's app", async () => {
    const { calls } = server({ [STATUS_PATH]: [{ status: "open" }, { status: "kept" }] });
    const { phases, paid, checkout } = follow();
    checkout.dismiss();
    expect(phases).toEqual(["paying", "idle"]);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(calls(STATUS_PATH)).toHaveLength(2);
    expect(paid).toEqual(["kept"]);
  });

  it("keeps asking after a pending confirmation, and says failed when the gateway refuses the payment", async () => {
    server({ "/api/payments/gateway/confirm": [{ status: "pending", message: "Still confirming" }], [STATUS_PATH]: [{ status: "open" }, { status: "failed" }] });
    const { phases, paid, checkout } = follow();
    checkout.succeed();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(phases).toEqual(["paying", "confirming", "failed"]);
    expect(paid).toEqual([]);
  });

  it("asks only while the page is shown, and at once when it is shown again (the payer was in their UPI app)", async () => {
    const { calls } = server({ [STATUS_PATH]: [{ status: "open" }, { status: "paid" }] });
    const { paid } = follow();
    page.visibilityState = "hidden";
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls(STATUS_PATH)).toHaveLength(0);
    page.visibilityState = "visible";
    page.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(STATUS_PATH)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(paid).toEqual(["paid"]);
  });

  it("stops asking once the order's time is up", async () => {
    const { calls } = server({ [STATUS_PATH]: [{ status: "open" }] });
    const { phases } = follow(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    // 60 s of order, one question every 2 s, and one more after the end.
    expect(calls(STATUS_PATH).length).toBeLessThanOrEqual(32);
    expect(phases).toEqual(["paying"]);
  });

  it("stops asking when the page is left", async () => {
    const { calls } = server({ [STATUS_PATH]: [{ status: "open" }] });
    const { watch } = follow();
    await vi.advanceTimersByTimeAsync(2_000);
    watch.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls(STATUS_PATH)).toHaveLength(1);
  });
});
