import { route } from "@/lib/http";
import { releasePrizeClaim } from "@/lib/payouts";
import { claimParams, releaseSchema } from "@/lib/payouts/schemas";

export const POST = route({ can: "prizes.review", does: "Releases a claim held for a PAN check", params: claimParams, body: releaseSchema }, async ({ actor, params, body, say }) => ({
  message: say("prizeClaimReleased"),
  claim: await releasePrizeClaim(actor, params.claimId, body.reason),
}));
