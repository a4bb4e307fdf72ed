import { route } from "@/lib/http";
import { PRIZE_CLAIM_APPROVED } from "@/lib/messages";
import { approvePrizeClaim } from "@/lib/payouts";
import { claimParams } from "@/lib/payouts/schemas";

export const POST = route({ can: "prizes.review", params: claimParams }, async ({ actor, params }) => ({
  message: PRIZE_CLAIM_APPROVED,
  claim: await approvePrizeClaim(actor, params.claimId),
}));
