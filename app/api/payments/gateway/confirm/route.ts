import { route } from "@/lib/http";
import { confirmGatewayPayment } from "@/lib/payments";
import { gatewayConfirmSchema } from "@/lib/payments/schemas";

const SAID = { paid: { entry_fee: "gatewayPaid", top_up: "gatewayTopUpPaid" }, kept: "gatewayPaymentKept", failed: "gatewayPaymentFailed", pending: "gatewayPaymentPending" } as const;

/** Not in the spec (issue 54): the checkout's word that the payer finished, checked by its signature and the gateway's API. */
export const POST = route({ can: "payments.pay", does: "Confirms a payment gateway payment with its checkout signature and the gateway's API", body: gatewayConfirmSchema }, async ({ actor, body, say }) => {
  const { purpose, status } = await confirmGatewayPayment(actor, body);
  return { status, message: say(status === "paid" ? SAID.paid[purpose] : SAID[status]) };
});
