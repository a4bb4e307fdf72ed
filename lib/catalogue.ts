/**
 * The sentences a participant or admin reads after an action, in one place: the "errors"
 * catalogue (messages/{en,hi}/errors.json), each under a stable id. Services throw domain errors
 * carrying a `Message` (an id and its values), route handlers answer with the wrapper's `say`,
 * and the route wrapper puts both in the request's language. English is the API's contract
 * (SPEC): the constants and functions below give the English catalogue's texts to the browser's
 * own checks, zod schemas and tests. Services return data, never these.
 */
import { createTranslator } from "use-intl/core";
import errors from "@/messages/en/errors.json";
import { formatIndiaDateTime } from "./format";
import type { Language } from "./i18n/schemas";
import { formatRupeesWithSymbol } from "./money";

export type MessageId = keyof typeof errors;
/** A date is shown in India time in the reader's language; strings and numbers as they are. */
export type MessageValues = Record<string, string | number | Date>;

/** A text of the errors catalogue with its values, translated when it is answered. */
export interface Message {
  readonly id: MessageId;
  readonly values?: MessageValues;
}

export function message(id: MessageId, values?: MessageValues): Message {
  return values ? { id, values } : { id };
}

/**
 * Puts messages into one language, from that language's errors catalogue (lib/i18n loadMessages).
 * A text with values is formatted once for the same values and kept: ICU's plural formatting costs
 * about 10 µs a text, twenty times a plain text's, and on exam day the start line refuses thousands
 * of presses a second with the same few texts (a turn in whole seconds), each in English for the
 * error and again in the caller's language. Kept texts are bounded (values are of any kind) and
 * forgotten all at once when the bound is reached.
 */
export function messageTranslator(language: Language, catalogue: typeof errors): (text: Message) => string {
  const translate = createTranslator({ locale: language, messages: { errors: catalogue }, namespace: "errors" });
  const kept = new Map<string, string>();
  return (text) => {
    if (!text.values) return translate(text.id);
    const key = `${text.id}:${JSON.stringify(text.values)}`;
    let formatted = kept.get(key);
    if (formatted === undefined) {
      formatted = translate(text.id, localised(text.values, language));
      if (kept.size >= TEXTS_KEPT) kept.clear();
      kept.set(key, formatted);
    }
    return formatted;
  };
}

const TEXTS_KEPT = 1_000;

/** A message's values as the reader reads them: dates in India time in their language. */
export function localised(values: MessageValues, language: Language): Record<string, string | number> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value instanceof Date ? formatIndiaDateTime(value, language) : value]));
}

/** The English text: what `error.message` holds and what SPEC specifies. */
export const inEnglish = messageTranslator("en", errors);

const idsOfPlainTexts = new Map(Object.entries(errors).flatMap(([id, text]) => (text.includes("{") ? [] : [[text, id as MessageId] as const])));

/**
 * A zod schema's refusal is a plain English string (schemas also run in the browser): one of the
 * catalogue's texts becomes that Message, so the API answers it translated; any other is framed
 * by a catalogue text of its own (its detail stays as the schema wrote it).
 */
export function catalogued(text: string): Message {
  return knownMessage(text) ?? message("invalidRequestDetail", { detail: text });
}

/** The catalogue's Message whose English is this text, if there is one. */
export function knownMessage(text: string): Message | undefined {
  const id = idsOfPlainTexts.get(text);
  return id && message(id);
}

/** The first issue of a failed zod parse, as the refusal to answer. */
export function refusalOf(error: { issues: readonly { message: string }[] }): Message {
  const text = error.issues[0]?.message;
  return text ? catalogued(text) : message("invalidRequest");
}

// The English texts for the browser's own checks, zod schemas and tests.

export const RESET_LINK_INVALID = errors.resetLinkInvalid;
export const VERIFY_LINK_INVALID = errors.verifyLinkInvalid;
export const INVALID_CREDENTIALS = errors.invalidCredentials;
export const FILE_TOO_LARGE = errors.fileTooLarge;
export const PROOF_AND_NAME_REQUIRED = errors.proofAndNameRequired;
export const FIELDS_REQUIRED = errors.fieldsRequired;
export const VERIFIED_IS_FINAL = errors.verifiedIsFinal;
export const WITHDRAWAL_TOO_LARGE = errors.withdrawalTooLarge;
export const SEATS_TAKEN = errors.seatsTaken;
export const SEATS_HELD = errors.seatsHeld;
export const SEATS_FULL_FOR_VERIFICATION = errors.seatsFullForVerification;
export const NO_ENTRY_FEE = errors.noEntryFee;
export const FREE_ENTRY_WITH_FEE = errors.freeEntryWithFee;
export const CERTIFICATES_WITH_CASH = errors.certificatesWithCash;
export const CERTIFICATES_WITH_FREE_PASS = errors.certificatesWithFreePass;
export const FREE_PASS_QUIZ_REQUIRED = errors.freePassQuizRequired;
export const CASH_PRIZES_FORBIDDEN = errors.cashPrizesForbidden;
export const CONTEST_MODEL_REQUIRED = errors.contestModelRequired;
export const CASH_PRIZES_UNCONFIRMED = errors.cashPrizesUnconfirmed;
/** The quiz form's checkbox for paid entry with cash prizes; the audit entry's reason when it is ticked. */
export const CASH_PRIZES_LAWFUL_CONFIRM = errors.cashPrizesLawfulConfirm;
export const CONTEST_MODEL_LOCKED = errors.contestModelLocked;
export const NOT_FREE_ENTRY = errors.notFreeEntry;
export const PROOF_ALREADY_USED = errors.proofAlreadyUsed;
export const UTR_REQUIRED = errors.utrRequired;
export const UTR_FORMAT = errors.utrFormat;
export const PARTICIPANT_ALREADY_PAID = errors.participantAlreadyPaid;
export const PAYMENT_SUPERSEDED = errors.paymentSuperseded;
export const REVIEW_FAILED = errors.reviewFailed;
export const PAYMENT_REFUNDED = errors.paymentRefunded;
export const ALREADY_REFUNDED = errors.alreadyRefunded;
export const REFUNDED_IS_FINAL = errors.refundedIsFinal;
export const NOT_REFUNDABLE = errors.notRefundable;
export const VERIFY_REASON_REQUIRED = errors.verifyReasonRequired;
export const REFUND_REASON_REQUIRED = errors.refundReasonRequired;
export const REFUND_FAILED = errors.refundFailed;
export const DATES_OUT_OF_ORDER = errors.datesOutOfOrder;
export const OPTION_INDEX_RANGE = errors.optionIndexRange;
export const HINDI_INCOMPLETE = errors.hindiIncomplete;
export const HINDI_OPTIONS_COUNT = errors.hindiOptionsCount;
export const ANSWER_TYPE_UNKNOWN = errors.answerTypeUnknown;
export const OPTIONS_COUNT = errors.optionsCount;
export const OPTIONS_REPEATED = errors.optionsRepeated;
export const CORRECT_OPTION_NOT_AN_OPTION = errors.correctOptionNotAnOption;
export const CORRECT_OPTIONS_REQUIRED = errors.correctOptionsRequired;
export const TYPED_QUESTION_HAS_OPTIONS = errors.typedQuestionHasOptions;
export const ACCEPTED_ANSWERS_REQUIRED = errors.acceptedAnswersRequired;
export const ACCEPTED_ANSWER_NOT_WHOLE = errors.acceptedAnswerNotWhole;
export const ACCEPTED_ANSWER_NOT_NUMBER = errors.acceptedAnswerNotNumber;
export const ACCEPTED_ANSWER_TOO_PRECISE = errors.acceptedAnswerTooPrecise;
export const ACCEPTED_ANSWER_OUT_OF_RANGE = errors.acceptedAnswerOutOfRange;
export const ANSWER_RANGE_REQUIRED = errors.answerRangeRequired;
export const ANSWER_RANGE_HALF = errors.answerRangeHalf;
export const ANSWER_RANGE_NOT_NUMBER = errors.answerRangeNotNumber;
export const ANSWER_RANGE_ORDER = errors.answerRangeOrder;
export const TOLERANCE_INVALID = errors.toleranceInvalid;
export const ANSWER_DECIMALS_RANGE = errors.answerDecimalsRange;
export const QUESTION_IN_USE = errors.questionInUse;
export const QUESTION_LOCKED = errors.questionLocked;
export const DEMO_QUESTION_IN_PAID_QUIZ = errors.demoQuestionInPaidQuiz;
export const PAID_QUESTION_IN_DEMO = errors.paidQuestionInDemo;
export const PRIZE_RANKS_OVERLAP = errors.prizeRanksOverlap;
export const PRIZE_RANKS_ORDER = errors.prizeRanksOrder;
export const CASH_PRIZE_POSITIVE = errors.cashPrizePositive;
export const MARKING_LOCKED = errors.markingLocked;
export const MARKS_TWO_DECIMALS = errors.marksTwoDecimals;
export const SECTIONS_HOLD_THE_QUESTIONS = errors.sectionsHoldTheQuestions;
export const SECTION_NEEDS_QUESTIONS = errors.sectionNeedsQuestions;
export const PRIZES_LOCKED = errors.prizesLocked;
export const PRIZES_LOCKED_NOTE = errors.prizesLockedNote;
export const TIME_UP = errors.timeUp;
export const ALREADY_SUBMITTED = errors.alreadySubmitted;
export const KEY_BEFORE_EXAM_END = errors.keyBeforeExamEnd;
export const KEY_ALREADY_PUBLISHED = errors.keyAlreadyPublished;
export const KEY_NOT_PUBLISHED = errors.keyNotPublished;
export const KEY_OPTION_REQUIRED = errors.keyOptionRequired;
export const KEY_OPTIONS_REQUIRED = errors.keyOptionsRequired;
export const KEY_ANSWERS_REQUIRED = errors.keyAnswersRequired;
export const KEY_ANSWER_FORMAT = errors.keyAnswerFormat;
export const KEY_ANSWERS_TOO_MANY = errors.keyAnswersTooMany;
export const KEY_RANGE_REVERSED = errors.keyRangeReversed;
export const KEY_DOES_NOT_FIT_QUESTION = errors.keyDoesNotFitQuestion;
export const OBJECTION_WINDOW_CLOSED = errors.objectionWindowClosed;
export const ALREADY_OBJECTED = errors.alreadyObjected;
export const OBJECTIONS_UNDECIDED = errors.objectionsUndecided;
export const ALL_FIELDS_REQUIRED = errors.allFieldsRequired;
export const DISQUALIFY_REASON_REQUIRED = errors.disqualifyReasonRequired;
export const REINSTATE_REASON_REQUIRED = errors.reinstateReasonRequired;
export const APPEAL_TEXT_REQUIRED = errors.appealTextRequired;
export const APPEAL_RESPONSE_REQUIRED = errors.appealResponseRequired;
export const INTEGRITY_RESULTS_PUBLISHED = errors.integrityResultsPublished;
export const REVISION_REASON_REQUIRED = errors.revisionReasonRequired;
export const ALREADY_APPEALED = errors.alreadyAppealed;
export const APPEALS_UNDECIDED = errors.appealsUndecided;
export const EXTRA_TIME_REASON_REQUIRED = errors.extraTimeReasonRequired;
export const EXTRA_TIME_UNIT_REQUIRED = errors.extraTimeUnitRequired;
export const EXTRA_TIME_MINUTES_RANGE = errors.extraTimeMinutesRange;
export const EXTRA_TIME_PERCENT_RANGE = errors.extraTimePercentRange;
export const EXTRA_TIME_NOT_REGISTERED = errors.extraTimeNotRegistered;
export const EXTRA_TIME_SUBMITTED = errors.extraTimeSubmitted;
export const EXTRA_TIME_TIME_UP = errors.extraTimeTimeUp;
export const CERTIFICATE_NOT_FOUND = errors.certificateNotFound;
export const CERTIFICATE_REVOKED = errors.certificateRevoked;
export const RECONCILE_FAILED = errors.reconcileFailed;

/** A wait as a refusal says it: "40 seconds" under a minute, else whole minutes rounded up, "2 minutes". */
function waitInWords(retryAfterSeconds: number): MessageValues {
  return retryAfterSeconds < 60 ? { unit: "seconds", count: retryAfterSeconds } : { unit: "minutes", count: Math.ceil(retryAfterSeconds / 60) };
}

/** The wait after too many failed logins in words: "40 seconds", "2 minutes". */
export function tooManyLoginFailures(retryAfterSeconds: number): Message {
  return message("tooManyLoginFailures", waitInWords(retryAfterSeconds));
}

/** The wait after too many sign-ups from one address, in words as a login's. */
export function tooManySignUps(retryAfterSeconds: number): Message {
  return message("tooManySignUps", waitInWords(retryAfterSeconds));
}

export function prizeSumMismatch(cashPaise: number, prizeMoneyPaise: number): string {
  return inEnglish(message("prizeSumMismatch", { cash: formatRupeesWithSymbol(cashPaise), prizeMoney: formatRupeesWithSymbol(prizeMoneyPaise) }));
}

/** Why a participant may not take a quiz now: the exam service says which, this says it in words. */
export type ExamRefusal = { reason: "no-quiz" | "submitted" | "not-paid" | "not-registered" | "closed" } | { reason: "not-open"; opensAt: Date };

export function examRefusalMessage(refusal: ExamRefusal): Message {
  switch (refusal.reason) {
    case "no-quiz":
      return message("examNoQuiz");
    case "submitted":
      return message("alreadySubmitted");
    case "not-paid":
      return message("examNotPaid");
    case "not-registered":
      return message("examNotRegistered");
    case "not-open":
      return message("examNotOpen", { opensAt: refusal.opensAt });
    case "closed":
      return message("examClosed");
  }
}

/** What admins are told when a participant appeals (the admin panel is English only). */
export function appealNotice(quizTitle: string, participantName: string): { title: string; body: string } {
  return { title: `New appeal: ${quizTitle}`, body: `${participantName} appealed the disqualification of their attempt.` };
}

// The books (lib/books/schemas.ts).
export const BOOKS_DAY_FORMAT = errors.booksDayFormat;
export const BOOKS_DATE_RANGE_ORDER = errors.booksDateRangeOrder;
export const TAX_DEPOSIT_PERIOD_FORMAT = errors.taxDepositPeriodFormat;
export const CHALLAN_REFERENCE_FORMAT = errors.challanReferenceFormat;
