import type { z, ZodType } from "zod";
import { actorFor, authorize, grantedToEveryMember, isActiveUser, renewedSessionCookie, requestSession, sessionNeedsRenewal, VISITOR, type Action, type Actor, type Session } from "@/lib/auth";
import { ComeBackLater, DomainError, Forbidden, Invalid, PayloadTooLarge, Unavailable } from "@/lib/errors";
import { messagesIn } from "@/lib/i18n";
import { browserLanguage, DEFAULT_LANGUAGE, type Language } from "@/lib/i18n/schemas";
import { errorFields, log, withRequestId } from "@/lib/log";
import { message, refusalOf, type Message, type MessageId, type MessageValues } from "@/lib/catalogue";
import { observeRequest } from "@/lib/metrics";
import { MAX_UPLOAD_BYTES } from "@/lib/uploads/schemas";
import { letInAtTheDoor, PLACE_IN_LINE_HEADER } from "./let-in-mark";
import { requestIdOf } from "./request-id";
import { servedOverHttps, STRICT_TRANSPORT_SECURITY } from "./security-headers";
import { API_HEADERS } from "./static-headers";

interface RouteOptions<Body extends ZodType | undefined, Form extends ZodType | undefined, Params extends ZodType | undefined, Query extends ZodType | undefined> {
  /** The action this route performs (lib/auth/permissions.ts): checked before anything is read. */
  can: Action;
  /** What the route does, in a line: docs/routes.md lists it beside the path and the permission. */
  does: string;
  /** JSON body schema. */
  body?: Body;
  /** multipart/form-data schema (File values stay Files). */
  form?: Form;
  /** A form larger than one 5 MB upload (a ZIP of questions and their images): its limit and the refusal past it. */
  formLimit?: { bytes: number; refusal: Message };
  /** Dynamic route segment schema. */
  params?: Params;
  /** Search parameter schema (each parameter's last value, as a string). */
  query?: Query;
  /**
   * "service": the handler's service identifies the caller from `session` in its own read
   * (a `sessionService`), so the wrapper does not look the user up (and renews no cookie).
   * Only for actions every logged-in user has on their own data; `actor` is then the visitor.
   */
  identifiedBy?: "wrapper" | "service";
  /**
   * A line the request waits its turn in before anything else is read (the exam start's, lib/exam):
   * it may refuse with a turn to come back at, answered as 503 with Retry-After and the caller's
   * place in line, which it sends back (X-Place-In-Line) when it returns.
   */
  admittedBy?: <T>(work: () => Promise<T>, request: LineRequest) => Promise<T>;
  /** Told how long each answer took to serve: the exam start line learns its pace from the answer saves' (lib/exam). */
  timedBy?: { observe(milliseconds: number): void };
}

/** What a line (`admittedBy`, the front door's) knows of a request: its headers and its path's segments, as sent. */
export interface LineRequest {
  headers: Pick<Headers, "get">;
  params: Record<string, string | string[] | undefined>;
}

type Parsed<Schema> = Schema extends ZodType ? z.infer<Schema> : undefined;

export interface RouteContext<Body, Form, Params, Query> {
  request: Request;
  requestId: string;
  /** Who is calling, from the database: a logged-in user, or the visitor. */
  actor: Actor;
  /** The session the cookie carries (genuine and unexpired; whether it still counts is the database's to say). */
  session: Session | undefined;
  body: Parsed<Body>;
  form: Parsed<Form>;
  params: Parsed<Params>;
  query: Parsed<Query>;
  /** A text of the errors catalogue (lib/catalogue.ts) in the caller's language: a handler's `{ message }`. */
  say: (id: MessageId, values?: MessageValues) => string;
  /** The caller's language, for what `say` puts in its texts (an organiser's text in Hindi, say). */
  language: Language;
}

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** What docs/routes.md says of a handler: the permission it checks and what it does. */
export interface RouteDescription {
  readonly permission: Action;
  readonly does: string;
}

export type RouteHandler = ((request: Request, next?: NextRouteContext) => Promise<Response>) & RouteDescription;

/** A handler that does not go through `route` (probes, next-auth's own) still says what it does. */
export function describedRoute<Handler extends (...args: never[]) => unknown>(description: RouteDescription, handler: Handler): Handler & RouteDescription {
  return Object.assign(handler, description);
}

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
  const identifiedByService = options.identifiedBy === "service";
  if (identifiedByService && !grantedToEveryMember(options.can)) throw new Error(`${options.can} needs the wrapper to identify the caller`);
  const answer = async (request: Request, requestId: string, next?: NextRouteContext): Promise<Response> => {
    const language = browserLanguage(request.headers) ?? DEFAULT_LANGUAGE;
    const inCallersLanguage = await messagesIn(language);
    const say = (id: MessageId, values?: MessageValues) => inCallersLanguage(message(id, values));
    const work = async () => {
      refuseCrossSiteWrites(request);
      const session = await requestSession(request);
      const actor = identifiedByService ? VISITOR : await actorFor(session);
      if (!identifiedByService || !session) authorize(actor, options.can);
      const params = options.params ? parse(options.params, await next?.params) : undefined;
      const query = options.query ? parse(options.query, Object.fromEntries(new URL(request.url).searchParams)) : undefined;
      const body = options.body ? parse(options.body, await readJson(request)) : undefined;
      const form = options.form ? parse(options.form, await readForm(request, options.formLimit)) : undefined;
      const result = await handler({ request, requestId, actor, session, body, form, params, query, say, language } as RouteContext<Body, Form, Params, Query>);
      const response = result instanceof Response ? result : Response.json(result);
      await renewSession(response, actor, session);
      return response;
    };
    try {
      return await (options.admittedBy && !letInAtTheDoor(request) ? options.admittedBy(work, { headers: request.headers, params: (await next?.params) ?? {} }) : work());
    } catch (error) {
      return errorResponse(error, inCallersLanguage);
    }
  };
  const handle = (request: Request, next?: NextRouteContext): Promise<Response> =>
    answered(request, (requestId) => answer(request, requestId, next), options.timedBy);
  return Object.assign(handle, { permission: options.can, does: options.does });
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

/**
 * Browsers send Origin (and Sec-Fetch-Site) with every cross-site POST: refuse those. An Origin
 * that is not a URL ("null" from a sandboxed frame, or garbage) cannot be this site either.
 */
function refuseCrossSiteWrites(request: Request) {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  const originHost = origin === null ? undefined : hostOf(origin);
  const crossOrigin = originHost === null || (originHost !== undefined && host !== null && originHost !== host);
  if (crossOrigin || request.headers.get("sec-fetch-site") === "cross-site") {
    throw new Forbidden(message("crossSiteRefused"));
  }
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

function parse<Schema extends ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Invalid(refusalOf(result.error));
  return result.data;
}

/**
 * Route handlers have no body limit of their own (and proxy.ts, which would buffer bodies up to
 * Next's 10 MB `proxyClientMaxBodySize`, does not run for the API): bodies are read here against
 * a limit, by their Content-Length and by the bytes that actually arrive.
 */
const JSON_BODY_LIMIT = 1024 * 1024;
/** An image or recording slice of up to 5 MB, and the form's other fields around it. */
const FORM_BODY_LIMIT = MAX_UPLOAD_BYTES + 512 * 1024;

async function readBody(request: Request, limit: number, refusal: Message): Promise<Blob> {
  if (Number(request.headers.get("content-length")) > limit) throw new PayloadTooLarge(refusal);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  if (!request.body) return new Blob(chunks);
  const reader = request.body.getReader();
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new PayloadTooLarge(refusal);
    }
    chunks.push(read.value);
  }
  return new Blob(chunks);
}

/** A body read as text, as sent (a signed webhook's signature covers its exact bytes), up to the JSON limit. */
export async function readRawText(request: Request): Promise<string> {
  return (await readBody(request, JSON_BODY_LIMIT, message("jsonBodyTooLarge"))).text();
}

async function readJson(request: Request): Promise<unknown> {
  const body = await readBody(request, JSON_BODY_LIMIT, message("jsonBodyTooLarge"));
  try {
    return JSON.parse(await body.text());
  } catch {
    throw new Invalid(message("bodyMustBeJson"));
  }
}

async function readForm(request: Request, limit = { bytes: FORM_BODY_LIMIT, refusal: message("fileTooLarge") }): Promise<Record<string, FormDataEntryValue>> {
  const body = await readBody(request, limit.bytes, limit.refusal);
  try {
    const form = await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
    return Object.fromEntries(form.entries());
  } catch {
    throw new Invalid(message("bodyMustBeMultipart"));
  }
}

/** Answers under the request's id: logged, counted, timed, and dressed as every API answer is. */
function answered(request: Request, answer: (requestId: string) => Promise<Response>, timedBy?: { observe(milliseconds: number): void }): Promise<Response> {
  const requestId = requestIdOf(request.headers);
  return withRequestId(requestId, async () => {
    const started = performance.now();
    const response = await answer(requestId);
    const seconds = (performance.now() - started) / 1000;
    timedBy?.observe(seconds * 1000);
    const { pathname } = new URL(request.url);
    observeRequest(pathname, request.method, response.status, seconds);
    log.info({ method: request.method, path: pathname, status: response.status, durationMs: Math.round(seconds * 1000) }, "request");
    for (const [name, value] of Object.entries(callersHeaders(request, requestId, response.headers))) response.headers.set(name, value);
    return response;
  });
}

/**
 * The headers an API answer carries for its caller over those its handler chose: its request id;
 * private unless the handler chose a cache policy, and varying by the caller's language (its
 * cookie, else Accept-Language) and session, which its text follows; HSTS behind TLS, as proxy.ts
 * (which does not run for the API) gives pages.
 */
function callersHeaders(request: DoorRequest, requestId: string, chosen: Pick<Headers, "get">): Record<string, string> {
  const vary = chosen.get("vary");
  return {
    "x-request-id": requestId,
    "cache-control": chosen.get("cache-control") ?? "private, no-store",
    vary: vary ? `${vary}, ${VARIES_BY_CALLER}` : VARIES_BY_CALLER,
    ...(servedOverHttps(request) && { "strict-transport-security": STRICT_TRANSPORT_SECURITY }),
  };
}

const VARIES_BY_CALLER = "Accept-Language, Cookie";
const NOTHING_CHOSEN: Pick<Headers, "get"> = { get: () => null };

/** A failure outside a route's own handling at the front door (./front-door.ts), said in the caller's language and answered as a route would. */
export function answerAtTheDoor(request: Request, failure: unknown): Promise<Response> {
  return answered(request, async () => errorResponse(failure, await messagesIn(browserLanguage(request.headers) ?? DEFAULT_LANGUAGE)));
}

/** What the front door knows of a request it refuses, read from Node's own: no Request is built for it. */
export interface DoorRequest {
  method: string;
  url: string;
  headers: Pick<Headers, "get">;
}

/** An answer as the front door writes it: its headers as name, value, name, value… */
export interface DoorAnswer {
  status: number;
  headers: string[];
  body: string;
}

/**
 * A refusal of the front door's line (a start told its turn), said in the caller's language and
 * dressed as the route's own line answers it (`answered`, `errorResponse`, and the API's headers
 * Next adds), counted, and logged with the others refused in the same second, not one line each.
 * A hall pressing Start arrives thousands a second and each press is refused once: answered as a
 * route (a Request, a Response, a log line each), a refusal cost the instance seven to ten times
 * what Node's writing of it costs (docs/performance.md), while the saves of those already in waited.
 */
export async function refusalAtTheDoor(request: DoorRequest, refusal: Unavailable): Promise<DoorAnswer> {
  const started = performance.now();
  const { status, headers, body } = errorAnswer(refusal, await messagesIn(browserLanguage(request.headers) ?? DEFAULT_LANGUAGE));
  const text = JSON.stringify(body);
  const dressed = {
    ...API_HEADERS,
    "content-type": "application/json",
    ...headers,
    ...callersHeaders(request, requestIdOf(request.headers), NOTHING_CHOSEN),
    "content-length": String(Buffer.byteLength(text)),
  };
  observeRequest(new URL(request.url).pathname, request.method, status, (performance.now() - started) / 1000);
  countRefusal();
  return { status, headers: Object.entries(dressed).flat(), body: text };
}

/** Refusals at the door since the last summary line, which is written once a second while there are any. */
let refusedSinceSummary = 0;

function countRefusal() {
  if (refusedSinceSummary++ > 0) return;
  setTimeout(() => {
    log.info({ status: 503, refused: refusedSinceSummary }, "refused at the front door in the last second");
    refusedSinceSummary = 0;
  }, 1000).unref();
}

/** Refusals in the caller's language (English is SPEC's wording); a zod refusal outside the catalogue keeps its detail as written. */
function errorResponse(error: unknown, inCallersLanguage: (text: Message) => string): Response {
  const { status, headers, body } = errorAnswer(error, inCallersLanguage);
  return Response.json(body, { status, headers });
}

function errorAnswer(error: unknown, inCallersLanguage: (text: Message) => string): { status: number; headers: Record<string, string>; body: object } {
  if (error instanceof DomainError) {
    const headers: Record<string, string> = {};
    if (error instanceof ComeBackLater) headers["retry-after"] = String(error.retryAfterSeconds);
    if (error instanceof Unavailable && error.placeInLine) headers[PLACE_IN_LINE_HEADER] = error.placeInLine;
    // The rest of the body was never read: a connection kept alive would take it for the next request. Node closes it after this answer.
    if (error instanceof PayloadTooLarge) headers.connection = "close";
    return { status: error.status, headers, body: { message: inCallersLanguage(error.text), ...(error.code && { code: error.code }) } };
  }
  log.error(errorFields(error), "unhandled error in route");
  return { status: 500, headers: {}, body: { message: inCallersLanguage(message("somethingWentWrong")) } };
}
