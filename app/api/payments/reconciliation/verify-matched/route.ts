import { route } from "@/lib/http";
import { verifyMatched } from "@/lib/payments";

/** Not in the spec: verifies every pending payment a statement matched that nothing calls into question, each through the usual verification. */
export const POST = route({ can: "payments.verify", does: "Verifies the payments a statement matched" }, async ({ actor, say }) => {
  const result = await verifyMatched(actor);
  return { message: say("matchedVerified", { verified: result.verified.length, refused: result.refused.length, left: result.left.length }), ...result };
});
