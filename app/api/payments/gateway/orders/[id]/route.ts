import { z } from "zod";
import { route } from "@/lib/http";
import { gatewayOrderStatus } from "@/lib/payments";

/** Not in the spec (issue 54): where the payer's own gateway order stands, polled by their card until paid, failed or expired. */
export const GET = route(
  { can: "payments.pay", does: "Tells the payer where their payment gateway order stands", params: z.object({ id: z.uuid("Payment order not found.") }) },
  async ({ actor, params }) => gatewayOrderStatus(actor, params.id),
);
