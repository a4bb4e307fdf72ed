import { loginWithGoogle } from "@/lib/accounts";
import { googleLoginSchema } from "@/lib/accounts/schemas";
import { loggedInResponse } from "@/lib/auth";
import { route } from "@/lib/http";

export const POST = route({ can: "accounts.login", body: googleLoginSchema }, async ({ actor, body }) =>
  loggedInResponse(await loginWithGoogle(actor, body), "Login successful"),
);
