import { register } from "@/lib/accounts";
import { registerSchema } from "@/lib/accounts/schemas";
import { loggedInResponse } from "@/lib/auth";
import { route } from "@/lib/http";

export const POST = route({ can: "accounts.register", body: registerSchema }, async ({ actor, body }) =>
  loggedInResponse(await register(actor, body), "Registration successful", 201),
);
