import type { z, ZodType } from "zod";
import { sessionUserId } from "@/lib/auth/session-cookie";
import { DomainError, Forbidden, Invalid, TooManyRequests, Unauthenticated } from "@/lib/errors";
import { errorFields, log, withRequestId } from "@/lib/log";
import { observeRequest } from "@/lib/metrics";
import { requestIdOf } from "./request-id";
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
 * never from the client), role check, zod parsing, and domain errors mapped to honest statuses;
 * each request is logged (without its data), counted and timed under its request id.
 */
export function route<A extends Access, Body extends ZodType | undefined = undefined, Form extends ZodType | undefined = undefined, Params extends ZodType | undefined = undefined>(
  options: RouteOptions<Body, Form, Params> & { auth: A },
  handler: (context: RouteContext<A, Body, Form, Params>) => Promise<Response | object>,
) {
  const answer = async (request: Request, requestId: string, next?: NextRouteContext): Promise<Response> => {
    try {
      refuseCrossSiteWrites(request);
      const user = await identify(request, options.auth);
      const params = options.params ? parse(options.params, await next?.params) : undefined;
      const body = options.body ? parse(options.body, await readJson(request)) : undefined;
      const form = options.form ? parse(options.form, await readForm(request)) : undefined;
      const result = await handler({ request, requestId, user, body, form, params } as RouteContext<A, Body, Form, Params>);
      return result instanceof Response ? result : Response.json(result);
    } catch (error) {
      return errorResponse(error);
    }
  };
  return (request: Request, next?: NextRouteContext): Promise<Response> => {
    const requestId = requestIdOf(request.headers);
    return withRequestId(requestId, async () => {
      const started = performance.now();
      const response = await answer(request, requestId, next);
      const seconds = (performance.now() - started) / 1000;
      const { pathname } = new URL(request.url);
      observeRequest(pathname, request.method, response.status, seconds);
      log.info({ method: request.method, path: pathname, status: response.status, durationMs: Math.round(seconds * 1000) }, "request");
      response.headers.set("x-request-id", requestId);
      return response;
    });
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

function errorResponse(error: unknown): Response {
  if (error instanceof DomainError) {
    const headers: Record<string, string> = {};
    if (error instanceof TooManyRequests) headers["retry-after"] = String(error.retryAfterSeconds);
    return Response.json({ message: error.message }, { status: error.status, headers });
  }
  log.error(errorFields(error), "unhandled error in route");
  return Response.json({ message: "Something went wrong. Please try again." }, { status: 500 });
}
