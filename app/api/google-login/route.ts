import { loggedInResponse } from "@/lib/auth/respond";
import { googleLoginSchema } from "@/lib/auth/schemas";
import { loginWithGoogle } from "@/lib/auth/service";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "public", body: googleLoginSchema }, async ({ body }) =>
  loggedInResponse(await loginWithGoogle(body), "Login successful"),
);
