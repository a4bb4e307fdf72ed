import { z } from "zod";
import { referralStatus } from "@/lib/accounts";
import { route } from "@/lib/http";

export const POST = route({ can: "accounts.readReferrals", does: "Reads the referral status of the caller (an admin: anyone's)", body: z.object({ userId: z.uuid("Referral check failed") }) }, async ({ actor, body }) =>
  referralStatus(actor, body.userId),
);
