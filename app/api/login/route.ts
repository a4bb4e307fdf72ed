import { loggedInResponse } from "@/lib/auth/respond";
import { loginSchema } from "@/lib/auth/schemas";
import { loginWithPassword } from "@/lib/auth/service";
import { clientIp } from "@/lib/http/client";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "public", body: loginSchema }, async ({ request, body }) =>
  loggedInResponse(await loginWithPassword(body.email, body.password, clientIp(request)), "Login successful"),
);
