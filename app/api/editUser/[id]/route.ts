import { z } from "zod";
import { route } from "@/lib/http/route";
import { profileSchema } from "@/lib/users/schemas";
import { updateProfile } from "@/lib/users/service";

export const PUT = route(
  { auth: "user", params: z.object({ id: z.uuid("Account not found.") }), body: profileSchema },
  async ({ user, params, body }) => ({ message: "Profile updated.", user: await updateProfile(user, params.id, body) }),
);
