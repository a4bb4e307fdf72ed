import { route } from "@/lib/http";
import { payoutStatement } from "@/lib/payouts";
import { quizParams } from "@/lib/payouts/schemas";

export const GET = route({ can: "prizes.claim", does: "Downloads the caller's prize and tax statement (PDF)", params: quizParams }, async ({ actor, params }) =>
  new Response(Buffer.from(await payoutStatement(actor, params.quizId)), {
    headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="payout-statement.pdf"', "cache-control": "private, no-store" },
  }),
);
