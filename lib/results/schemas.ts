import { z } from "zod";
import {
  KEY_ANSWER_FORMAT,
  KEY_ANSWERS_REQUIRED,
  KEY_ANSWERS_TOO_MANY,
  KEY_DOES_NOT_FIT_QUESTION,
  KEY_OPTION_REQUIRED,
  KEY_OPTIONS_REQUIRED,
  KEY_RANGE_REVERSED,
  REVISION_REASON_REQUIRED,
} from "@/lib/catalogue";
import { toHundredths } from "@/lib/marks";
import { quizParams } from "@/lib/quizzes/schemas";
import { REASON_MAX, text } from "@/lib/validation";

/** A revision's reason is published to every participant and beside the version on the winners page: more than a word. */
const REVISION_REASON_MIN = 20;

/** An admin's revision of a quiz's published results, always with its reason. */
export const revisionSchema = z.object({
  reason: text("Reason", REVISION_REASON_REQUIRED)
    .trim()
    .min(REVISION_REASON_MIN, REVISION_REASON_REQUIRED)
    .max(REASON_MAX, `Keep the reason under ${REASON_MAX} characters.`),
});

export type RevisionInput = z.infer<typeof revisionSchema>;

export const questionParams = quizParams.extend({ questionId: z.uuid("This question is not part of the quiz.") });

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

/** The most accepted answers (values or ranges) one typed question's key holds. */
const MAX_ACCEPTED_ANSWERS = 10;

const keyOption = z.number({ error: KEY_OPTION_REQUIRED }).int(KEY_OPTION_REQUIRED).min(0, KEY_OPTION_REQUIRED).max(5, KEY_OPTION_REQUIRED);
const EXACT_DECIMAL = /^-?\d{1,9}(\.\d{1,2})?$/;
const keyDecimal = z.string({ error: KEY_ANSWER_FORMAT }).trim().regex(EXACT_DECIMAL, KEY_ANSWER_FORMAT);
/** One accepted answer [n, n] or range [low, high] of a typed question, as exact decimals. */
const acceptedRange = z
  .tuple([keyDecimal, keyDecimal], { error: KEY_ANSWER_FORMAT })
  .refine(([low, high]) => !EXACT_DECIMAL.test(low) || !EXACT_DECIMAL.test(high) || toHundredths(low) <= toHundredths(high), KEY_RANGE_REVERSED);

/**
 * An admin's decision on one question: keep the key, drop the question, or change the key to the
 * correct option (single), the correct options (multiple), or the accepted answers and ranges
 * (integer, numerical: all of them, so accepting a second answer or widening a range is a change).
 * Which of the three fits the question, and its options, range and decimals, the decision checks.
 */
export const keyDecisionSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("keep"), note }),
  z.object({ decision: z.literal("drop"), note }),
  z
    .object({
      decision: z.literal("change"),
      newOptionIndex: keyOption.optional(),
      newOptions: z
        .array(keyOption, { error: KEY_OPTIONS_REQUIRED })
        .min(1, KEY_OPTIONS_REQUIRED)
        .max(6, KEY_OPTIONS_REQUIRED)
        .refine((options) => new Set(options).size === options.length, KEY_OPTIONS_REQUIRED)
        .optional(),
      acceptedAnswers: z.array(acceptedRange, { error: KEY_ANSWERS_REQUIRED }).min(1, KEY_ANSWERS_REQUIRED).max(MAX_ACCEPTED_ANSWERS, KEY_ANSWERS_TOO_MANY).optional(),
      note,
    })
    .refine((change) => [change.newOptionIndex, change.newOptions, change.acceptedAnswers].filter((key) => key !== undefined).length === 1, KEY_DOES_NOT_FIT_QUESTION),
]);

export type KeyDecisionInput = z.infer<typeof keyDecisionSchema>;
