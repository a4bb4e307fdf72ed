import { z } from "zod";

/**
 * What each job carries, checked before it runs: ids and content only, since jobs are stored in
 * PostgreSQL, where anyone holding the app's login could write one. A mail names its recipient,
 * subject and text, never a sender, headers or attachments (a row naming a file path or a From is
 * refused, not mailed); strict objects refuse any key the app does not write.
 */
const mail = z.strictObject({
  to: z.email().max(320),
  // A header line: no line breaks, so nothing can be added to the headers through it.
  subject: z.string().min(1).max(300).regex(/^[^\r\n]*$/),
  text: z.string().max(100_000),
});

const pushPayload = z.strictObject({
  title: z.string().max(500),
  body: z.string().max(5_000),
  icon: z.string().max(500).optional(),
  // The page a notification opens: one of the app's own, never another site.
  url: z.string().regex(/^\/(?!\/)/).max(2_000).optional(),
});

const nothing = z.strictObject({});

export const JOB_PAYLOADS = {
  "exam.finalise-overdue-attempts": nothing,
  "push.fan-out": z.strictObject({ userIds: z.union([z.array(z.uuid()).max(100_000), z.literal("all")]), payload: pushPayload }),
  "push.deliver": z.strictObject({ subscriptionId: z.uuid(), payload: pushPayload }),
  "mail.send": mail,
  "maintenance.delete-expired": nothing,
  "questions.upgrade-rendering": nothing,
  /** The version to announce; a job queued before revisions existed names none and announces the current one. */
  "results.announce": z.strictObject({ quizId: z.uuid(), revision: z.number().int().positive().optional() }),
};

export type Mail = z.infer<typeof mail>;
export type PushPayload = z.infer<typeof pushPayload>;
