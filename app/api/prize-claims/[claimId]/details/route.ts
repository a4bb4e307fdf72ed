import { route } from "@/lib/http";
import { revealPayoutDetails } from "@/lib/payouts";
import { claimParams } from "@/lib/payouts/schemas";

export const GET = route({ can: "prizes.review", does: "Reveals a claim's PAN and payout account (audited)", params: claimParams }, async ({ actor, params }) =>
  new Response(JSON.stringify(await revealPayoutDetails(actor, params.claimId)), { headers: { "content-type": "application/json", "cache-control": "no-store" } }),
);
