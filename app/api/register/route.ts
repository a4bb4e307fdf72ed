import { register } from "@/lib/accounts";
import { registerSchema } from "@/lib/accounts/schemas";
import { loggedInResponse } from "@/lib/auth";
import { mailOrigin, route } from "@/lib/http";

export const POST = route({ can: "accounts.register", body: registerSchema }, async ({ actor, request, body }) =>
  loggedInResponse(await register(actor, body, mailOrigin(request.headers)), "Registration successful", 201),
);
