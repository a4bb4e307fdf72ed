import { randomUUID } from "node:crypto";
import type { z, ZodType } from "zod";
import { sessionUserId } from "@/lib/auth/session-cookie";
import { DomainError, Forbidden, Invalid, TooManyRequests, Unauthenticated } from "@/lib/errors";
import { findActiveUser, type ActiveUser } from "@/lib/users/service";

type Access = "public" | "user" | "admin";

interface RouteOptions<Body extends ZodType | undefined, Form extends ZodType | undefined, Params extends ZodType | undefined> {
  /** public: anyone; user: any logged-in user; admin: admins only. */
  auth: Access;
  /** JSON body schema. */
  body?: Body;
  /** multipart/form-data schema (File values stay Files). */
  form?: Form;
  /** Dynamic route segment schema. */
  params?: Params;
}

type Parsed<Schema> = Schema extends ZodType ? z.infer<Schema> : undefined;

export interface RouteContext<A extends Access, Body, Form, Params> {
  request: Request;
  requestId: string;
  user: A extends "public" ? ActiveUser | null : ActiveUser;
  body: Parsed<Body>;
  form: Parsed<Form>;
  params: Parsed<Params>;
}

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/**
 * Every route handler goes through here: cross-site check, who is calling (from the database,
 * never from the client), role check, zod parsing, and domain errors mapped to honest statuses.
 */
export function route<A extends Access, Body extends ZodType | undefined = undefined, Form extends ZodType | undefined = undefined, Params extends ZodType | undefined = undefined>(
  options: RouteOptions<Body, Form, Params> & { auth: A },
  handler: (context: RouteContext<A, Body, Form, Params>) => Promise<Response | object>,
) {
  return async (request: Request, next?: NextRouteContext): Promise<Response> => {
    const requestId = request.headers.get("x-request-id") ?? randomUUID();
    try {
      refuseCrossSiteWrites(request);
      const user = await identify(request, options.auth);
      const params = options.params ? parse(options.params, await next?.params) : undefined;
      const body = options.body ? parse(options.body, await readJson(request)) : undefined;
      const form = options.form ? parse(options.form, await readForm(request)) : undefined;
      const result = await handler({ request, requestId, user, body, form, params } as RouteContext<A, Body, Form, Params>);
      return result instanceof Response ? result : Response.json(result);
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}

async function identify(request: Request, access: Access): Promise<ActiveUser | null> {
  const userId = await sessionUserId(request);
  const user = userId ? await findActiveUser(userId) : null;
  if (access === "public") return user;
  if (!user) throw new Unauthenticated();
  if (access === "admin" && user.role !== "admin") throw new Forbidden("Only admins can do this.");
  return user;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Browsers send Origin (and Sec-Fetch-Site) with every cross-site POST: refuse those. */
function refuseCrossSiteWrites(request: Request) {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  const crossOrigin = origin !== null && origin !== "null" && host !== null && new URL(origin).host !== host;
  if (crossOrigin || origin === "null" || request.headers.get("sec-fetch-site") === "cross-site") {
    throw new Forbidden("Cross-site request refused.");
  }
}

function parse<Schema extends ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Invalid(result.error.issues[0]?.message ?? "Invalid request.");
  return result.data;
}

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new Invalid("The request body must be JSON.");
  }
}

async function readForm(request: Request): Promise<Record<string, FormDataEntryValue>> {
  try {
    return Object.fromEntries((await request.formData()).entries());
  } catch {
    throw new Invalid("The request must be multipart form data.");
  }
}

export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof DomainError) {
    const headers: Record<string, string> = { "x-request-id": requestId };
    if (error instanceof TooManyRequests) headers["retry-after"] = String(error.retryAfterSeconds);
    return Response.json({ message: error.message }, { status: error.status, headers });
  }
  console.error(JSON.stringify({ level: "error", requestId, message: "unhandled error in route", error: String(error), stack: (error as Error)?.stack }));
  return Response.json({ message: "Something went wrong. Please try again." }, { status: 500, headers: { "x-request-id": requestId } });
}
