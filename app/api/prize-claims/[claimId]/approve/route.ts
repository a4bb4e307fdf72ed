import { route } from "@/lib/http";
import { approvePrizeClaim } from "@/lib/payouts";
import { claimParams } from "@/lib/payouts/schemas";

export const POST = route({ can: "prizes.review", does: "Approves a prize claim for payment", params: claimParams }, async ({ actor, params, say }) => ({
  message: say("prizeClaimApproved"),
  claim: await approvePrizeClaim(actor, params.claimId),
}));
