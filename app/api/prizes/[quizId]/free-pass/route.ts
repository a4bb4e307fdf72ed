import { route } from "@/lib/http";
import { FREE_PASS_REDEEMED } from "@/lib/messages";
import { redeemFreePass } from "@/lib/payouts";
import { quizParams } from "@/lib/payouts/schemas";

export const POST = route({ can: "prizes.claim", params: quizParams }, async ({ actor, params }) => ({
  message: FREE_PASS_REDEEMED,
  ...(await redeemFreePass(actor, params.quizId)),
}));
