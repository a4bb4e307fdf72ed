import { route } from "@/lib/http";
import { PRIZE_CLAIMED } from "@/lib/messages";
import { claimPrize } from "@/lib/payouts";
import { claimSchema, quizParams } from "@/lib/payouts/schemas";

export const POST = route({ can: "prizes.claim", params: quizParams, body: claimSchema }, async ({ actor, params, body }) => ({
  message: PRIZE_CLAIMED,
  claim: await claimPrize(actor, params.quizId, body),
}));
