import type { z } from "zod";
import { hasValidSignature, signValue } from "@/lib/auth";
import { canonicalJson } from "@/lib/canonical-json";
import { JOB_PAYLOADS } from "./payloads";

/** Every background job and what it carries (./payloads.ts). */
export type JobPayloads = { [Name in keyof typeof JOB_PAYLOADS]: z.infer<(typeof JOB_PAYLOADS)[Name]> };
export type JobName = keyof JobPayloads;

const PURPOSE = "job";

/**
 * A job is data, not a command: the app signs what it queues with a key derived from its secret,
 * which the database never holds, so a row written into the queue with the app's database login
 * alone is refused. The payload's fields stay as they are beside the signature (the queue's rows
 * stay readable); the signature covers the job's name and its fields in a canonical order, since
 * PostgreSQL keeps jsonb keys in an order of its own.
 */
export function signedJob<Name extends JobName>(name: Name, payload: JobPayloads[Name]): JobPayloads[Name] & { signature: string } {
  return { ...payload, signature: signValue(PURPOSE, name, canonicalJson(payload)) };
}

export type CheckedJob<Name extends JobName> = { payload: JobPayloads[Name] } | { refused: string };

/** The payload of a job as fetched from the queue, or why it is refused: unsigned, signed for other data, or not of its job's shape. */
export function checkedJob<Name extends JobName>(name: Name, data: unknown): CheckedJob<Name> {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { refused: "not an object" };
  const { signature, ...fields } = data as Record<string, unknown>;
  if (typeof signature !== "string") return { refused: "not signed by the app" };
  if (!hasValidSignature(signature, PURPOSE, name, canonicalJson(fields))) return { refused: "its signature does not match its data" };
  const parsed = JOB_PAYLOADS[name].safeParse(fields);
  if (!parsed.success) return { refused: `not a ${name} job: ${parsed.error.issues.map(fieldsOf).join(", ")}` };
  return { payload: parsed.data as JobPayloads[Name] };
}

/** The fields an issue is about, never their values (a forged job's values are not to be logged). */
function fieldsOf(issue: z.core.$ZodIssue): string {
  const at = issue.path.join(".");
  const keys = issue.code === "unrecognized_keys" ? issue.keys.map((key) => (at ? `${at}.${key}` : key)).join(", ") : at;
  return keys || issue.code;
}
