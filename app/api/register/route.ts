import { register } from "@/lib/accounts";
import { registerSchema } from "@/lib/accounts/schemas";
import { loggedInResponse } from "@/lib/auth";
import { publicOrigin, route } from "@/lib/http";

export const POST = route({ can: "accounts.register", body: registerSchema }, async ({ actor, request, body }) =>
  loggedInResponse(await register(actor, body, publicOrigin(request.headers)), "Registration successful", 201),
);
