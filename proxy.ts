import { withAuth } from "next-auth/middleware";
import { NextResponse } from "next/server";
import { authSecret } from "@/lib/auth/secret";

/** Gates the logged-in and admin pages; every route handler checks again on its own. */
export default withAuth(
  function proxy(request) {
    if (request.nextUrl.pathname.startsWith("/adminpanel") && request.nextauth.token?.role !== "admin") {
      return NextResponse.redirect(new URL("/unauthorized", request.url));
    }
    return NextResponse.next();
  },
  {
    secret: authSecret(),
    pages: { signIn: "/" },
    callbacks: { authorized: ({ token }) => Boolean(token?.userId) },
  },
);

// The logged-in routes of SPEC §2; literal, as Next reads it at build time.
export const config = {
  matcher: [
    "/dashboard/:path*",
    "/quizes/:path*",
    "/QuizliveSection",
    "/notification/:path*",
    "/profiledetails/:path*",
    "/walletdetails/:path*",
    "/adminpanel/:path*",
  ],
};
