import type { z, ZodType } from "zod";
import { actorFor, authorize, isActiveUser, renewedSessionCookie, requestSession, sessionNeedsRenewal, type Action, type Actor, type Session } from "@/lib/auth";
import { DomainError, Forbidden, Invalid, TooManyRequests } from "@/lib/errors";
import { errorFields, log, withRequestId } from "@/lib/log";
import { observeRequest } from "@/lib/metrics";
import { requestIdOf } from "./request-id";

interface RouteOptions<Body extends ZodType | undefined, Form extends ZodType | undefined, Params extends ZodType | undefined, Query extends ZodType | undefined> {
  /** The action this route performs (lib/auth/permissions.ts): checked before anything is read. */
  can: Action;
  /** JSON body schema. */
  body?: Body;
  /** multipart/form-data schema (File values stay Files). */
  form?: Form;
  /** Dynamic route segment schema. */
  params?: Params;
  /** Search parameter schema (each parameter's last value, as a string). */
  query?: Query;
}

type Parsed<Schema> = Schema extends ZodType ? z.infer<Schema> : undefined;

export interface RouteContext<Body, Form, Params, Query> {
  request: Request;
  requestId: string;
  /** Who is calling, from the database: a logged-in user, or the visitor. */
  actor: Actor;
  body: Parsed<Body>;
  form: Parsed<Form>;
  params: Parsed<Params>;
  query: Parsed<Query>;
}

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type RouteHandler = ((request: Request, next?: NextRouteContext) => Promise<Response>) & { readonly permission: Action };

/**
 * Every route handler goes through here: cross-site check, who is calling (from the database,
 * never from the client), the route's permission, zod parsing, and domain errors mapped to
 * honest statuses; each request is logged (without its data), counted and timed under its id.
 */
export function route<
  Body extends ZodType | undefined = undefined,
  Form extends ZodType | undefined = undefined,
  Params extends ZodType | undefined = undefined,
  Query extends ZodType | undefined = undefined,
>(options: RouteOptions<Body, Form, Params, Query>, handler: (context: RouteContext<Body, Form, Params, Query>) => Promise<Response | object>): RouteHandler {
  const answer = async (request: Request, requestId: string, next?: NextRouteContext): Promise<Response> => {
    try {
      refuseCrossSiteWrites(request);
      const session = await requestSession(request);
      const actor = await actorFor(session);
      authorize(actor, options.can);
      const params = options.params ? parse(options.params, await next?.params) : undefined;
      const query = options.query ? parse(options.query, Object.fromEntries(new URL(request.url).searchParams)) : undefined;
      const body = options.body ? parse(options.body, await readJson(request)) : undefined;
      const form = options.form ? parse(options.form, await readForm(request)) : undefined;
      const result = await handler({ request, requestId, actor, body, form, params, query } as RouteContext<Body, Form, Params, Query>);
      const response = result instanceof Response ? result : Response.json(result);
      await renewSession(response, actor, session);
      return response;
    } catch (error) {
      return errorResponse(error);
    }
  };
  const handle = (request: Request, next?: NextRouteContext): Promise<Response> => {
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
  return Object.assign(handle, { permission: options.can });
}

/**
 * Sliding sessions: a session in use for more than a day gets a fresh seven-day cookie with the
 * same version, on a successful call that sets no cookie of its own (login, logout do).
 */
async function renewSession(response: Response, actor: Actor, session: Session | undefined) {
  if (!session || !isActiveUser(actor) || !response.ok || response.headers.has("set-cookie") || !sessionNeedsRenewal(session)) return;
  response.headers.append("set-cookie", await renewedSessionCookie(actor, session));
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
