import { route } from "@/lib/http";
import { redeemFreePass } from "@/lib/payouts";
import { quizParams } from "@/lib/payouts/schemas";

export const POST = route({ can: "prizes.claim", does: "Uses the caller's free pass on a next quiz", params: quizParams }, async ({ actor, params, say }) => ({
  message: say("freePassRedeemed"),
  ...(await redeemFreePass(actor, params.quizId)),
}));
