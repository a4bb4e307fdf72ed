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
