import { resendVerification } from "@/lib/accounts";
import { publicOrigin, route } from "@/lib/http";
import { verificationSent } from "@/lib/messages";

export const POST = route({ can: "accounts.resendVerification" }, async ({ actor, request }) => ({
  message: verificationSent((await resendVerification(actor, publicOrigin(request.headers))).email),
}));
