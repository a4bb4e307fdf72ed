import { z } from "zod";
import { route } from "@/lib/http/route";
import { referralStatus } from "@/lib/users/service";

export const POST = route({ auth: "user", body: z.object({ userId: z.uuid("Referral check failed") }) }, async ({ user, body }) =>
  referralStatus(user, body.userId),
);
