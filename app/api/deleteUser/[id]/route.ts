import { z } from "zod";
import { deleteAccount } from "@/lib/accounts";
import { clearedSessionCookie } from "@/lib/auth";
import { route } from "@/lib/http";

export const DELETE = route({ can: "accounts.delete", does: "Deletes the caller's own account", params: z.object({ id: z.uuid("Account not found.") }) }, async ({ actor, params, say }) => {
  await deleteAccount(actor, params.id);
  return Response.json({ message: say("accountDeleted") }, { headers: { "set-cookie": clearedSessionCookie() } });
});
