import type { NextAuthOptions } from "next-auth";
import { authSecret } from "./secret";
import { currentRole } from "./service";

/**
 * next-auth owns the session cookie format, getServerSession, proxy.ts's token check and
 * sign-out. Sign-in happens in /api/login, /api/register and /api/google-login, which
 * rate-limit and verify before issuing the same cookie (lib/auth/session-cookie.ts).
 */
export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  session: { strategy: "jwt" },
  pages: { signIn: "/login" },
  providers: [],
  callbacks: {
    async jwt({ token }) {
      if (!token.userId) return token;
      // Re-read on every session read, so a changed role or a deleted account takes effect.
      const role = await currentRole(token.userId);
      return role ? { ...token, role } : { ...token, userId: undefined, role: undefined };
    },
    session({ session, token }) {
      if (token.userId && token.role) {
        session.user = { ...session.user, id: token.userId, role: token.role };
      }
      return session;
    },
  },
};
