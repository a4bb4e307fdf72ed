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
import { instant, text, wholeNumber } from "@/lib/validation";

export const quizParams = z.object({ quizId: z.uuid("This quiz does not exist.") });

export const answerSaveSchema = z.object({
  questionId: z.uuid("This question is not part of the quiz."),
  selectedOptionIndex: z.number().int().min(0, "The option must be between 0 and 3.").max(3, "The option must be between 0 and 3.").nullable(),
  answeredAt: instant("answeredAt"),
  currentQuestionIndex: z.number().int().min(0).max(1000),
  timeLeftSeconds: z.number().int().min(0).max(86_400),
});

/** One answer save on the wire (answeredAt an ISO string), as the exam page's outbox sends it. */
export type AnswerSaveRequest = z.input<typeof answerSaveSchema>;
/** One answer save as the server reads it: answeredAt (the browser's clock) orders late saves; a null option clears the answer. */
export type AnswerSave = z.output<typeof answerSaveSchema>;

/** The most answers one batch carries: the outbox sends no more, the server takes no more. */
export const ANSWER_BATCH_MAX = 200;

/** The answers an outbox queued while offline, sent together when the connection returns. */
export const answerBatchSchema = z.object({
  answers: z.array(answerSaveSchema).min(1, "Send at least one answer.").max(ANSWER_BATCH_MAX, `Send at most ${ANSWER_BATCH_MAX} answers at a time.`),
});

const FOCUS_KINDS = ["blur", "long-focus-loss", "visibility-hidden", "fullscreen-exit", "fullscreen-enter", "copy", "cut", "paste", "context-menu", "devtools", "refresh", "leave", "log-tampered"] as const;

export const focusEventsSchema = z.object({
  events: z
    .array(
      z.object({
        kind: z.enum(FOCUS_KINDS, { error: "Unknown focus event." }),
        occurredAt: instant("occurredAt"),
        durationMs: z.number().int().min(0).max(86_400_000).optional(),
        detail: text("detail").max(200, "detail must be at most 200 characters.").optional(),
      }),
    )
    .max(200, "Send at most 200 events at a time."),
});

/** The spec's /saveresponse payload; score and timeTaken are accepted and ignored. */
export const saveResponseSchema = z.object({
  participantId: z.uuid(),
  quizId: z.uuid("This quiz does not exist."),
  answers: z.array(z.object({ questionId: z.uuid(), selectedOptionIndex: z.number().int().min(0).max(3).nullable() })).max(500),
  score: z.unknown().optional(),
  timeTaken: z.unknown().optional(),
  focusLogs: focusEventsSchema.shape.events.optional(),
});

export const questionParams = quizParams.extend({ questionId: z.uuid("This question is not part of the quiz.") });

const REASON_MAX = 2000;

/** A participant's objection to one question of a quiz's provisional key. */
export const objectionSchema = z.object({
  questionId: z.uuid("This question is not part of the quiz."),
  reason: text("Reason")
    .trim()
    .min(1, "Please say why the key is wrong.")
    .max(REASON_MAX, `Keep the reason under ${REASON_MAX} characters.`),
  evidenceUploadId: z.uuid("Upload the image again.").nullable().optional(),
});

const note = text("Note").trim().max(REASON_MAX, `Keep the note under ${REASON_MAX} characters.`);

/** An admin's decision on one question: keep the key, change the correct option, or drop it. */
export const keyDecisionSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("keep"), note }),
  z.object({ decision: z.literal("drop"), note }),
  z.object({
    decision: z.literal("change"),
    newOptionIndex: z.number().int().min(0, "Choose the correct option.").max(3, "Choose the correct option."),
    note,
  }),
]);

// Integrity review

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
