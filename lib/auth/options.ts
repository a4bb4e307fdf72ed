import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { authSecret } from "./secret";
import { authenticateWithPassword, currentRole } from "./service";

const credentialsSchema = z.object({ email: z.email(), password: z.string().min(1) });

export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  session: { strategy: "jwt" },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(credentials) {
        const parsed = credentialsSchema.safeParse(credentials);
        if (!parsed.success) return null;
        return authenticateWithPassword(parsed.data.email, parsed.data.password);
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) token.userId = user.id;
      if (token.userId) {
        // Re-read on every refresh so a changed role or a deleted account takes effect.
        const role = await currentRole(token.userId);
        if (!role) return { ...token, userId: undefined, role: undefined };
        token.role = role;
      }
      return token;
    },
    session({ session, token }) {
      if (token.userId && token.role) {
        session.user = { ...session.user, id: token.userId, role: token.role };
      }
      return session;
    },
  },
};
