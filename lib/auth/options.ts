import type { NextAuthOptions } from "next-auth";
import { loadActiveUser } from "./actor";
import { authSecret } from "./secret";

/**
 * next-auth owns the session cookie format and its sign-out endpoint. Sign-in happens in
 * /api/login, /api/register and /api/google-login, which rate-limit and verify before issuing
 * the same cookie (cookie.ts); who the user is and their role are read from the database per
 * request (actor.ts), never from the token.
 */
export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  session: { strategy: "jwt" },
  pages: { signIn: "/login" },
  providers: [],
  callbacks: {
    // GET /api/auth/session names who is logged in (not a deleted account); never the role.
    async session({ session, token }) {
      const user = await loadActiveUser(token.userId);
      if (user) session.user = { ...session.user, id: user.id };
      return session;
    },
  },
};
