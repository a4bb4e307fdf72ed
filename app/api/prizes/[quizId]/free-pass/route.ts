import { route } from "@/lib/http";
import { payEntryFeeWithFreePass } from "@/lib/payments";
import { freePassUse, quizParams } from "@/lib/payouts/schemas";
import { textIn } from "@/lib/quizzes/schemas";

export const POST = route(
  { can: "prizes.claim", does: "Pays a later quiz's entry fee with the caller's free pass from this quiz", params: quizParams, body: freePassUse },
  async ({ actor, params, body, say, language }) => {
    const entryFee = await payEntryFeeWithFreePass(actor, params.quizId, body.forQuizId);
    return { message: say("freePassRedeemed", { quiz: textIn(language, entryFee.quizTitle, entryFee.quizTitleHi).text }), quizId: entryFee.quizId, amountPaise: entryFee.amountPaise };
  },
);
