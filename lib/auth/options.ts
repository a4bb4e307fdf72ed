import type { NextAuthOptions } from "next-auth";
import { loadActiveUser } from "./actor";
import { sessionFromClaims, SESSION_MAX_AGE_SECONDS } from "./cookie";
import { authSecret } from "./secret";

/**
 * next-auth owns the session cookie format and its sign-out endpoint. Sign-in happens in
 * /api/login, /api/register and /api/google-login, which rate-limit and verify before issuing
 * the same cookie (cookie.ts); who the user is and their role are read from the database per
 * request (actor.ts), never from the token.
 */
export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  // next-auth re-issues the cookie when /api/auth/session is read: with the same life as ours.
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login" },
  providers: [],
  callbacks: {
    // GET /api/auth/session names who is logged in (not a deleted account, not an ended
    // session); never the role.
    async session({ session, token }) {
      const user = await loadActiveUser(sessionFromClaims(token));
      if (user) session.user = { ...session.user, id: user.id };
      return session;
    },
  },
};
