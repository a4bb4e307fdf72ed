/**
 * Errors as log fields that keep no data: a database error by its code, table and constraint
 * and its cause chain (ECONNREFUSED, 57P01, …), never the query's parameters. Drizzle's
 * "Failed query: … params: …" message and PostgreSQL's `detail` (`Key (email)=(…)`) carry the
 * values a participant sent, and some PostgreSQL messages quote them (`invalid input syntax
 * for type uuid: "…"`), so those are left out.
 */

/** SQLSTATE classes whose messages name only objects, never values: connection, integrity, transaction, resources, operator intervention. */
const SAFE_MESSAGE_CLASSES = new Set(["08", "23", "40", "53", "57"]);
/** How deep a cause chain is followed. */
const MAX_DEPTH = 5;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  table?: unknown;
  constraint?: unknown;
  column?: unknown;
  severity?: unknown;
  query?: unknown;
  params?: unknown;
  digest?: unknown;
  cause?: unknown;
}

type Described = { name?: string; digest?: string; code?: string; message?: string; table?: string; constraint?: string; column?: string; cause?: Described };

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/** A PostgreSQL server error (pg's DatabaseError): a five-character SQLSTATE and a severity. */
function isPostgresError(error: ErrorLike): boolean {
  return typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === "string";
}

/** Drizzle's query error: the statement and its parameters, the driver's error as its cause. */
function isFailedQuery(error: ErrorLike): boolean {
  return typeof error.query === "string" && "params" in error;
}

/** What the statement did and to which table, from its text (which holds $n placeholders, not values). */
function statementSummary(query: string): string {
  const match = /^\s*(select|insert\s+into|update|delete\s+from|with)\b/i.exec(query);
  const verb = match ? match[1].toLowerCase().split(/\s+/)[0] : "query";
  const table = /\b(?:from|into|update)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(query)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** The message, or what can be said of it without the values it may carry. */
function safeMessage(error: ErrorLike): string | undefined {
  if (isFailedQuery(error)) return `Failed query (${statementSummary(error.query as string)})`;
  if (isPostgresError(error)) return SAFE_MESSAGE_CLASSES.has((error.code as string).slice(0, 2)) ? text(error.message) : undefined;
  return text(error.message);
}

function describe(error: unknown, depth: number): Described | undefined {
  if (error === undefined || error === null) return undefined;
  if (typeof error !== "object") return { message: String(error) };
  const candidate = error as ErrorLike;
  const described: Described = {
    name: text(candidate.name),
    code: typeof candidate.code === "string" || typeof candidate.code === "number" ? String(candidate.code) : undefined,
    message: safeMessage(candidate),
    digest: text(candidate.digest),
  };
  if (isPostgresError(candidate)) Object.assign(described, { table: text(candidate.table), constraint: text(candidate.constraint), column: text(candidate.column) });
  const cause = depth < MAX_DEPTH ? describe(candidate.cause, depth + 1) : undefined;
  return withoutEmpty({ ...described, cause });
}

function withoutEmpty<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/** The first of a field along the cause chain (the database's code sits on the cause of Drizzle's error). */
function firstAlongChain(described: Described, field: "code" | "table" | "constraint"): string | undefined {
  for (let current: Described | undefined = described; current; current = current.cause) if (current[field]) return current[field];
  return undefined;
}

/** The stack's frames under the safe message: V8 starts a stack with the message it would leak. */
function safeStack(error: Error, message: string): string | undefined {
  if (!error.stack) return undefined;
  const frames = error.stack.split("\n").filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${message}`, ...frames].join("\n");
}

/** An error as loggable fields: its message, code, table, constraint, cause chain and stack, without the data it carries. */
export function errorFields(error: unknown) {
  const described = describe(error, 0) ?? { message: String(error) };
  const message = described.message ?? "(message withheld: it may quote a value)";
  return withoutEmpty({
    error: message,
    code: firstAlongChain(described, "code"),
    table: firstAlongChain(described, "table"),
    constraint: firstAlongChain(described, "constraint"),
    digest: described.digest,
    cause: described.cause,
    stack: error instanceof Error ? safeStack(error, message) : undefined,
  });
}

/**
 * An error as one short code for an anonymous caller (/api/ready): the first code along its
 * cause chain (ECONNREFUSED, 57P01, ENOSPC, …), else its name (TimeoutError), else "error";
 * never a message, which may quote a query or a value.
 */
export function errorCode(error: unknown): string {
  const described = describe(error, 0);
  const candidates = described ? [firstAlongChain(described, "code"), described.name] : [];
  return candidates.find((candidate) => candidate !== undefined && /^[A-Za-z0-9_-]{1,40}$/.test(candidate) && candidate !== "Error") ?? "error";
}
