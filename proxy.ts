import { NextResponse, type NextRequest } from "next/server";
import { sessionUserId } from "@/lib/auth/cookie";
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, LANGUAGE_HEADER, LANGUAGE_PARAM } from "@/lib/i18n/schemas";
import { contentSecurityPolicy, createNonce, requestIdOf, servedOverHttps, STRICT_TRANSPORT_SECURITY } from "@/lib/http/headers";

/**
 * The logged-in pages of SPEC §2. The proxy only checks that a session exists; what the user may
 * do (an admin page, say) each page and handler decides from the database.
 */
const LOGGED_IN_PAGES = ["/dashboard", "/quizes", "/QuizliveSection", "/notification", "/profiledetails", "/walletdetails", "/adminpanel", "/prizes"];

function under(pathname: string, prefixes: string[]): boolean {
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Where a visitor who may not see the page is sent instead, if anywhere. */
async function gate(request: NextRequest): Promise<URL | null> {
  const { pathname, search } = request.nextUrl;
  if (!under(pathname, LOGGED_IN_PAGES)) return null;
  if (await sessionUserId(request)) return null;
  const login = new URL("/", request.url);
  login.searchParams.set("callbackUrl", `${pathname}${search}`);
  return login;
}

/**
 * Runs before every page: gives the request its id, makes this response's CSP nonce (Next reads
 * it from the request's policy and puts it on its scripts), gates logged-in pages, and passes on
 * a language chosen by a `?lang=` link (a search engine's hreflang alternate, a shared Hindi link),
 * which this browser then keeps.
 */
export default async function proxy(request: NextRequest) {
  const requestId = requestIdOf(request.headers);
  const overHttps = servedOverHttps(request);
  const policy = contentSecurityPolicy(createNonce(), overHttps);

  const redirect = await gate(request);
  const requestedLanguage = request.nextUrl.searchParams.get(LANGUAGE_PARAM);
  const linkedLanguage = isLanguage(requestedLanguage) ? requestedLanguage : null;
  let response: NextResponse;
  if (redirect) {
    response = NextResponse.redirect(redirect);
  } else {
    const forwarded = new Headers(request.headers);
    forwarded.set("x-request-id", requestId);
    forwarded.set("content-security-policy", policy);
    forwarded.delete(LANGUAGE_HEADER);
    if (linkedLanguage) forwarded.set(LANGUAGE_HEADER, linkedLanguage);
    response = NextResponse.next({ request: { headers: forwarded } });
  }
  if (linkedLanguage) {
    response.cookies.set(LANGUAGE_COOKIE, linkedLanguage, { path: "/", maxAge: LANGUAGE_COOKIE_MAX_AGE, sameSite: "lax" });
  }
  response.headers.set("x-request-id", requestId);
  response.headers.set("content-security-policy", policy);
  if (overHttps) response.headers.set("strict-transport-security", STRICT_TRANSPORT_SECURITY);
  return response;
}

export const config = {
  // Pages only: build assets and static files carry no page and need no nonce, and the API
  // (JSON, gated by the route wrapper, its headers set there and in next.config.ts) is spared a
  // proxy run that cost 0.7 ms of CPU per call, a third of a trivial call (bench:exam).
  matcher: ["/((?!api/|_next/static|_next/image|favicon\\.ico|sw\\.js|swe-worker-.*\\.js|manifest\\.webmanifest|.*\\.(?:png|svg|ico|webp|jpg|txt|xml)$).*)"],
};
