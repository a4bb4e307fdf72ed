import { z } from "zod";
import { clearedSessionCookie } from "@/lib/auth/session-cookie";
import { route } from "@/lib/http/route";
import { deleteAccount } from "@/lib/users/service";

export const DELETE = route({ auth: "user", params: z.object({ id: z.uuid("Account not found.") }) }, async ({ user, params }) => {
  await deleteAccount(user, params.id);
  return Response.json({ message: "Your account has been deleted." }, { headers: { "set-cookie": clearedSessionCookie() } });
});
