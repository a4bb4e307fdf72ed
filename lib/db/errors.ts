/** PostgreSQL error codes the services react to. */
export const PostgresError = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  restrictViolation: "23001",
  checkViolation: "23514",
  notNullViolation: "23502",
  invalidText: "22P02",
  insufficientPrivilege: "42501",
  lockNotAvailable: "55P03",
  deadlockDetected: "40P01",
} as const;

interface PostgresErrorFields {
  code?: string;
  constraint?: string;
}

/** Drizzle wraps driver errors (DrizzleQueryError): the PostgreSQL fields are on a cause. */
function postgresFields(error: unknown): PostgresErrorFields | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as PostgresErrorFields & { cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

export function postgresErrorCode(error: unknown): string | undefined {
  return postgresFields(error)?.code;
}

export function violatedConstraint(error: unknown): string | undefined {
  return postgresFields(error)?.constraint;
}

/** A delete refused because other rows still point at the row (PostgreSQL 15 and 18 use different codes). */
export function isStillReferenced(error: unknown): boolean {
  const code = postgresErrorCode(error);
  return code === PostgresError.foreignKeyViolation || code === PostgresError.restrictViolation;
}
