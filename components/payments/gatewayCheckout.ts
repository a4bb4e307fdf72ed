"use client";

import { useEffect, useRef, useState } from "react";
import { ApiError, callApi } from "@/lib/client";
import type { GatewayCheckout, GatewayOrderRequest, GatewayOrderStatus } from "@/lib/payments/schemas";

/**
 * Paying through the payment gateway (Razorpay Checkout, issue 54) from the browser: the server
 * creates the order, the gateway's own script shows the checkout, and only the server decides
 * that a payment counts (the checkout's answer is sent to /confirm; the order's status is asked
 * until it is settled, since the gateway's webhook may tell the server first or alone).
 */

/** The order as POST /api/payments/gateway/orders answers it (201). */
export type GatewayOrder = GatewayCheckout;

/** Razorpay Checkout's browser contract: `new Razorpay(options).open()`, its handler, its modal's dismissal, and "payment.failed". */
interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

interface CheckoutOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name: string; email: string };
  handler: (response: CheckoutSuccess) => void;
  modal: { ondismiss: () => void };
}

interface Checkout {
  open(): void;
  on(event: "payment.failed", callback: () => void): void;
}

export type CheckoutConstructor = new (options: CheckoutOptions) => Checkout;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

const POLL_MS = 2000;

const scripts = new Map<string, Promise<CheckoutConstructor>>();

/**
 * The gateway's checkout script, added once per page. Added by the app's own (nonce'd) code, the
 * page policy's 'strict-dynamic' lets it run; a failed load is forgotten, so a retry loads it again.
 */
export function loadCheckout(url: string): Promise<CheckoutConstructor> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<CheckoutConstructor>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url;
      script.async = true;
      script.addEventListener("load", () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error("The checkout script defined no Razorpay"))));
      script.addEventListener("error", () => {
        script.remove();
        reject(new Error("The checkout script did not load"));
      });
      document.head.append(script);
    });
    loading.catch(() => scripts.delete(url));
    scripts.set(url, loading);
  }
  return loading;
}

/** The order to pay, created by the server (the amount is the quiz's fee or the top-up asked for, never the browser's). */
export async function createGatewayOrder(request: GatewayOrderRequest): Promise<GatewayOrder> {
  const { order } = await callApi<{ order: GatewayOrder }>("/api/payments/gateway/orders", { json: request });
  return order;
}

/** How a payment the server counted ended: as what it was for, or "kept" in the wallet (it could no longer be the entry fee). */
export type GatewayPaid = "paid" | "kept";

/**
 * Where the participant's gateway payment stands: "paying" while the checkout is open, then
 * "confirming" once the checkout handed over a payment the server has not yet counted, then as
 * the server counted it; "unavailable" when the gateway's script could not be loaded.
 */
export type GatewayPhase = "idle" | "paying" | "confirming" | GatewayPaid | "failed" | "unavailable";

interface Watch {
  stop(): void;
}

/**
 * Opens the checkout for the order and follows it: the checkout's answer goes to /confirm, and the
 * order's status is asked every 2 s (at once when the tab is shown again: a UPI app may have been
 * in front) until it is paid, failed or expired, or the order's time is up. A failed attempt is not
 * the end: the checkout lets the payer try again, and a success then still counts. `paid` is
 * called once.
 */
export function followCheckout(order: GatewayOrder, Razorpay: CheckoutConstructor, on: { phase: (phase: GatewayPhase) => void; paid: (how: GatewayPaid) => void }): Watch {
  const expiresAt = Date.parse(order.expiresAt);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling = false;
  let asking = false;
  let done = false;
  let handedOver = false;
  let said: GatewayPhase = "idle";

  function say(phase: GatewayPhase) {
    said = phase;
    on.phase(phase);
  }

  function stopPolling() {
    polling = false;
    clearTimeout(timer);
    timer = undefined;
  }

  function settle(status: Exclude<GatewayOrderStatus, "open">) {
    if (done) return;
    if (status === "paid" || status === "kept") {
      stop();
      on.paid(status);
      return;
    }
    stopPolling();
    // An order that ran out with nothing handed over was simply not paid: nothing to say.
    if (status === "failed" || handedOver) say("failed");
  }

  async function check() {
    timer = undefined;
    if (!polling || document.visibilityState !== "visible") return;
    asking = true;
    try {
      const { status } = await callApi<{ status: GatewayOrderStatus }>(`/api/payments/gateway/orders/${order.id}`);
      if (status !== "open") return settle(status);
    } catch (error) {
      // Logged out or refused: asking again will not help. Offline or failing: later.
      if (error instanceof ApiError && error.status < 500) return stopPolling();
    } finally {
      asking = false;
    }
    // One last question once the order's time is up: the server then says paid or expired.
    if (polling && Date.now() <= expiresAt + POLL_MS) timer = setTimeout(check, POLL_MS);
    else stopPolling();
  }

  function poll() {
    if (done || polling) return;
    polling = true;
    timer = setTimeout(check, POLL_MS);
  }

  function onVisibilityChange() {
    if (!polling || asking || document.visibilityState !== "visible") return;
    clearTimeout(timer);
    void check();
  }

  async function confirm(response: CheckoutSuccess) {
    handedOver = true;
    say("confirming");
    try {
      const { status } = await callApi<{ status: Exclude<GatewayOrderStatus, "open" | "expired"> | "pending" }>("/api/payments/gateway/confirm", {
        json: { gatewayOrderId: response.razorpay_order_id, gatewayPaymentId: response.razorpay_payment_id, signature: response.razorpay_signature },
      });
      if (status !== "pending") return settle(status);
    } catch (error) {
      // Refused (a signature or payment the server does not accept): failed. Unreachable: the webhook may still tell the server.
      if (error instanceof ApiError && error.status < 500) return settle("failed");
    }
    poll();
  }

  function stop() {
    done = true;
    stopPolling();
    document.removeEventListener("visibilitychange", onVisibilityChange);
  }

  const checkout = new Razorpay({
    key: order.keyId,
    order_id: order.gatewayOrderId,
    amount: order.amountPaise,
    currency: order.currency,
    name: order.name,
    description: order.description,
    prefill: order.prefill,
    handler: (response) => void confirm(response),
    modal: {
      // Closed without a success: a UPI payment may still complete in the payer's app, so the
      // order is still asked about; a failure already said stays said.
      ondismiss: () => {
        if (!done && said === "paying") say("idle");
      },
    },
  });
  checkout.on("payment.failed", () => {
    if (!done) say("failed");
  });
  document.addEventListener("visibilitychange", onVisibilityChange);
  say("paying");
  checkout.open();
  poll();
  return { stop };
}

/**
 * A component's gateway payment: `open` shows the checkout for an order the server created;
 * `onPaid` runs once the server counts the payment. A new order replaces the one followed before;
 * leaving the page stops asking.
 */
/** `initial`: where the payment stood when the page was loaded (a failed attempt says so again). */
export function useGatewayCheckout(onPaid: (how: GatewayPaid) => void, initial: GatewayPhase = "idle") {
  const [phase, setPhase] = useState<GatewayPhase>(initial);
  const watch = useRef<Watch>(undefined);
  const paid = useRef(onPaid);
  useEffect(() => {
    paid.current = onPaid;
  }, [onPaid]);
  useEffect(() => () => watch.current?.stop(), []);

  async function open(order: GatewayOrder) {
    watch.current?.stop();
    try {
      const Razorpay = await loadCheckout(order.checkoutUrl);
      watch.current = followCheckout(order, Razorpay, {
        phase: setPhase,
        paid: (how) => {
          setPhase(how);
          paid.current(how);
        },
      });
    } catch {
      setPhase("unavailable");
    }
  }

  /** Back to nothing to say, as when the participant chooses to pay another way. */
  const reset = () => setPhase("idle");

  return { phase, open, reset };
}
