import { z } from "zod";
import { verifyEmail } from "@/lib/accounts";
import { route } from "@/lib/http";
import { VERIFY_LINK_INVALID } from "@/lib/catalogue";

/** The mailed link opens /verify-email, which does the same; this is for API clients. */
export const POST = route({ can: "accounts.verifyEmail", does: "Verifies an email address with its token", body: z.object({ token: z.string({ error: VERIFY_LINK_INVALID }).max(200, VERIFY_LINK_INVALID) }) }, async ({ actor, body, say }) => {
  await verifyEmail(actor, body.token);
  return { message: say("emailVerified") };
});
