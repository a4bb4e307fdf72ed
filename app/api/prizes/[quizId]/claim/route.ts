import { route } from "@/lib/http";
import { claimPrize } from "@/lib/payouts";
import { claimSchema, quizParams } from "@/lib/payouts/schemas";

export const POST = route({ can: "prizes.claim", does: "Claims the caller's cash prize with PAN and payout account", params: quizParams, body: claimSchema }, async ({ actor, params, body, say }) => {
  const claim = await claimPrize(actor, params.quizId, body);
  return { message: say(claim.heldAt ? "prizeClaimedHeld" : "prizeClaimed"), claim };
});
