import { z } from "zod";
import { updateProfile } from "@/lib/accounts";
import { profileSchema } from "@/lib/accounts/schemas";
import { route } from "@/lib/http";

export const PUT = route(
  { can: "accounts.edit", does: "Edits the caller's own profile", params: z.object({ id: z.uuid("Account not found.") }), body: profileSchema },
  async ({ actor, params, body, say }) => ({ message: say("profileUpdated"), user: await updateProfile(actor, params.id, body) }),
);
