import { resendVerification } from "@/lib/accounts";
import { mailOrigin, route } from "@/lib/http";

export const POST = route({ can: "accounts.resendVerification", does: "Mails a new email verification link" }, async ({ actor, request, say }) => ({
  message: say("verificationSent", { email: (await resendVerification(actor, mailOrigin(request.headers))).email }),
}));
