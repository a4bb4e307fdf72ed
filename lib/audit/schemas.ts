import { z } from "zod";
import { isCalendarDayText, pageQuery, text } from "@/lib/validation";

/** Every action the trail records, with the words the admin panel shows for it. */
export const AUDIT_ACTIONS = {
  "payment.verify": "Payment verified",
  "payment.reject": "Payment rejected",
  "payment.reopen": "Payment reopened",
  "payment.refund": "Payment refunded",
  "payment.gatewayRefund": "Payment refunded through the gateway",
  "payment.settle": "Gateway settlement report recorded",
  "user.role": "Role changed",
  "question.update": "Question edited",
  "question.delete": "Question deleted",
  "key.publish": "Answer key published",
  "key.decide": "Objection decided",
  "results.publish": "Results published",
  "results.revise": "Results revised",
  "attempt.disqualify": "Attempt disqualified",
  "extraTime.grant": "Extra time granted",
  "extraTime.remove": "Extra time removed",
  "tax.deposit": "Tax deposit recorded",
  "quiz.contestModel": "Contest model chosen",
  "quiz.marking": "Marking scheme set",
} as const satisfies Record<string, string>;

/** The panel's words for an action; an action recorded by newer code shows as itself. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}

/** India midnight starting a "YYYY-MM-DD" day, as an instant. */
export function startOfIndiaDay(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`);
}

/** The day after an India day begins: an "until" day includes the whole of that day. */
export function endOfIndiaDay(day: string): Date {
  return new Date(startOfIndiaDay(day).getTime() + 24 * 60 * 60 * 1000);
}

/** A "YYYY-MM-DD" India day, as the instant its start (or, for "until", its end) falls on. */
function indiaDay(label: string, edge: "start" | "end") {
  return text(label)
    .trim()
    .refine((value) => value === "" || isCalendarDayText(value), `${label} must be a date like 2026-11-25.`)
    .optional()
    .transform((value) => (value ? (edge === "start" ? startOfIndiaDay(value) : endOfIndiaDay(value)) : undefined));
}

function filterText(label: string, max: number) {
  return text(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((value) => value || undefined);
}

/** GET /api/audit: every filter optional; from and until are India days, until inclusive. */
export const auditQuery = z.object({
  action: filterText("The action", 60),
  subjectType: filterText("The subject type", 60),
  subjectId: filterText("The subject id", 200),
  actorId: z.uuid("The actor id must be a user id.").optional().or(z.literal("").transform(() => undefined)),
  actorEmail: filterText("The actor's email", 320),
  from: indiaDay("From", "start"),
  until: indiaDay("Until", "end"),
  page: pageQuery,
});
