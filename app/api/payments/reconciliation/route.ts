import { route } from "@/lib/http";
import { reconcileStatement } from "@/lib/payments";
import { reconcileSchema } from "@/lib/payments/schemas";

/** Not in the spec: the admin's bank statement (CSV text and its mapped columns) marks matching pending payments. */
export const POST = route({ can: "payments.reconcile", body: reconcileSchema }, async ({ actor, body, say }) => {
  const result = await reconcileStatement(actor, body);
  return { message: say("statementMatched", { matched: result.matched.length, lines: result.lines }), ...result };
});
