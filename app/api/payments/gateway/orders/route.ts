import { route } from "@/lib/http";
import { createGatewayOrder } from "@/lib/payments";
import { gatewayOrderSchema } from "@/lib/payments/schemas";

/** Not in the spec (issue 54): an order at the payment gateway for an entry fee or a top-up, its amount fixed by the server. */
export const POST = route({ can: "payments.pay", does: "Creates a payment gateway order for an entry fee or a wallet top-up", body: gatewayOrderSchema }, async ({ actor, body }) =>
  Response.json({ order: await createGatewayOrder(actor, body) }, { status: 201 }),
);
