import { z } from "zod";
import { instant, text } from "@/lib/validation";

const displayedOption = z.number().int().min(0, "The option must be between 0 and 5.").max(5, "The option must be between 0 and 5.");

/**
 * One answer: exactly one of an option (single correct; null clears it), options (one or more
 * correct, as displayed; none clears them) or a typed number as typed (integer or numerical; null
 * clears it). Whether it fits its question (its type, options, range, decimals) the save checks.
 */
export const answerSaveSchema = z
  .object({
    questionId: z.uuid("This question is not part of the quiz."),
    selectedOptionIndex: displayedOption.nullable().optional(),
    selectedOptions: z
      .array(displayedOption)
      .max(6, "Choose at most 6 options.")
      .refine((options) => new Set(options).size === options.length, "Choose each option once.")
      .optional(),
    typedAnswer: z
      .string()
      .regex(/^-?\d{1,9}(\.\d{1,2})?$/, "Type a number, such as 42 or 2.5.")
      .nullable()
      .optional(),
    answeredAt: instant("answeredAt"),
    currentQuestionIndex: z.number().int().min(0).max(1000),
    timeLeftSeconds: z.number().int().min(0).max(86_400),
  })
  .refine(
    (save) => [save.selectedOptionIndex, save.selectedOptions, save.typedAnswer].filter((answer) => answer !== undefined).length === 1,
    "Send one answer: selectedOptionIndex, selectedOptions or typedAnswer.",
  );

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
  answers: z.array(z.object({ questionId: z.uuid(), selectedOptionIndex: displayedOption.nullable() })).max(500),
  score: z.unknown().optional(),
  timeTaken: z.unknown().optional(),
  focusLogs: focusEventsSchema.shape.events.optional(),
});

/**
 * How answers are marked, free of the server: the exam page checks a typed answer with the very
 * rule the save applies, and the results file is recomputed with the marking scoring states.
 */
export { answerMarks, answerVerdict, markingInHundredths, typedAnswerProblem, type Accepted, type GivenAnswer, type Marking, type SectionMarks, type TypedAnswerRule } from "./marking";
