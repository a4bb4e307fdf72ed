import { resendVerification } from "@/lib/accounts";
import { mailOrigin, route } from "@/lib/http";
import { verificationSent } from "@/lib/messages";

export const POST = route({ can: "accounts.resendVerification" }, async ({ actor, request }) => ({
  message: verificationSent((await resendVerification(actor, mailOrigin(request.headers))).email),
}));
