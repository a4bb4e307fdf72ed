import { z } from "zod";
import { instant, text } from "@/lib/validation";

export const quizParams = z.object({ quizId: z.uuid("This quiz does not exist.") });

export const answerSaveSchema = z.object({
  questionId: z.uuid("This question is not part of the quiz."),
  selectedOptionIndex: z.number().int().min(0, "The option must be between 0 and 3.").max(3, "The option must be between 0 and 3.").nullable(),
  answeredAt: instant("answeredAt"),
  currentQuestionIndex: z.number().int().min(0).max(1000),
  timeLeftSeconds: z.number().int().min(0).max(86_400),
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
