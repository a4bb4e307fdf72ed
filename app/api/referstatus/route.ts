import { z } from "zod";
import { referralStatus } from "@/lib/accounts";
import { route } from "@/lib/http";

export const POST = route({ can: "accounts.readReferrals", body: z.object({ userId: z.uuid("Referral check failed") }) }, async ({ actor, body }) =>
  referralStatus(actor, body.userId),
);
