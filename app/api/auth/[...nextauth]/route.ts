import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth";
import { describedRoute } from "@/lib/http";

const handler = describedRoute({ permission: "accounts.login", does: "next-auth's own sign-in, callback and session endpoints" }, NextAuth(authOptions));

export { handler as GET, handler as POST };
