import { loggedInResponse } from "@/lib/auth/respond";
import { registerSchema } from "@/lib/auth/schemas";
import { register } from "@/lib/auth/service";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "public", body: registerSchema }, async ({ body }) =>
  loggedInResponse(await register(body), "Registration successful", 201),
);
