import { z } from "zod";
import {
  APPEAL_RESPONSE_REQUIRED,
  APPEAL_TEXT_REQUIRED,
  DISQUALIFY_REASON_REQUIRED,
  EXTRA_TIME_MINUTES_RANGE,
  EXTRA_TIME_PERCENT_RANGE,
  EXTRA_TIME_REASON_REQUIRED,
  EXTRA_TIME_UNIT_REQUIRED,
  REINSTATE_REASON_REQUIRED,
} from "@/lib/catalogue";
import { REASON_MAX, text, wholeNumber } from "@/lib/validation";

// The integrity review

export const attemptParams = z.object({ attemptId: z.uuid("Response not found.") });

const WRITTEN_MIN = 10;

/** A written explanation: trimmed, at least a sentence, at most REASON_MAX characters. */
function written(label: string, required: string) {
  return text(label, required).trim().min(WRITTEN_MIN, required).max(REASON_MAX, `Keep the ${label.toLowerCase()} under ${REASON_MAX} characters.`);
}

/** An admin disqualifies a submitted attempt, always saying why; the participant reads it. */
export const disqualifySchema = z.object({ reason: written("Reason", DISQUALIFY_REASON_REQUIRED) });

/** An admin reverses a disqualification, saying why (for the audit trail). */
export const reinstateSchema = z.object({ reason: written("Reason", REINSTATE_REASON_REQUIRED) });

/** A disqualified participant's one appeal. */
export const appealSchema = z.object({ text: written("Appeal", APPEAL_TEXT_REQUIRED) });

/** An admin's answer to an appeal: upheld reinstates the attempt, rejected keeps it disqualified. */
export const appealDecisionSchema = z.object({
  outcome: z.enum(["upheld", "rejected"], { error: "Choose uphold or reject." }),
  response: written("Answer", APPEAL_RESPONSE_REQUIRED),
});

export type AppealDecisionInput = z.infer<typeof appealDecisionSchema>;

// Accommodations: extra time

export const EXTRA_MINUTES_MAX = 240;
export const EXTRA_PERCENT_MAX = 200;

/**
 * An admin grants (or changes) a participant's extra time on a quiz, as minutes or a percentage
 * of the quiz's duration, always saying why. The participant is named by their email.
 */
export const extraTimeSchema = z
  .object({
    email: text("Email", "Enter the participant's email address.").trim().toLowerCase().max(254, "Enter a valid email address.").pipe(z.email("Enter a valid email address.")),
    unit: z.enum(["minutes", "percent"], { error: EXTRA_TIME_UNIT_REQUIRED }),
    amount: wholeNumber("Extra time", { min: 1, max: Math.max(EXTRA_MINUTES_MAX, EXTRA_PERCENT_MAX) }),
    reason: written("Reason", EXTRA_TIME_REASON_REQUIRED),
  })
  .superRefine((grant, context) => {
    const max = grant.unit === "minutes" ? EXTRA_MINUTES_MAX : EXTRA_PERCENT_MAX;
    if (grant.amount > max) context.addIssue({ code: "custom", path: ["amount"], message: grant.unit === "minutes" ? EXTRA_TIME_MINUTES_RANGE : EXTRA_TIME_PERCENT_RANGE });
  });

export type ExtraTimeInput = z.infer<typeof extraTimeSchema>;

/** Removing a grant is a decision too: it says why, for the audit trail. */
export const extraTimeRemovalSchema = z.object({
  participantId: z.uuid("This participant does not exist."),
  reason: written("Reason", EXTRA_TIME_REASON_REQUIRED),
});
