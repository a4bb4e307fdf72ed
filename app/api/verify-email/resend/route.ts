import { resendVerification } from "@/lib/accounts";
import { route } from "@/lib/http";
import { verificationSent } from "@/lib/messages";

export const POST = route({ can: "accounts.resendVerification" }, async ({ actor }) => ({ message: verificationSent((await resendVerification(actor)).email) }));
