import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  customType,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * Marks and scores: exact decimals of two places (numeric), read as numbers for display and
 * ranking; sums are made by the database, or in whole hundredths (lib/exam/marking.ts), never in
 * floating point.
 */
const marks = (name: string) => numeric(name, { precision: 6, scale: 2, mode: "number" });
const score = (name: string) => numeric(name, { precision: 9, scale: 2, mode: "number" });

/**
 * The accepted typed answers of a question: closed ranges of exact decimals, as [low, high]
 * strings ("2.49", "2.51"); a single accepted number is [n, n]. Held as a nummultirange, so a
 * widened range or a second accepted answer merges as the database compares.
 */
export type AcceptedRanges = [string, string][];
/** A nummultirange's text (closed ranges, as they are stored) as [low, high] pairs. */
export function acceptedRangesOf(text: string): AcceptedRanges {
  return [...text.matchAll(/[[(]([^,]*),([^\])]*)[\])]/g)].map((match) => [match[1], match[2]] as [string, string]);
}
const acceptedRanges = customType<{ data: AcceptedRanges; driverData: string }>({
  dataType: () => "nummultirange",
  toDriver: (ranges) => `{${ranges.map(([low, high]) => `[${low},${high}]`).join(",")}}`,
  fromDriver: acceptedRangesOf,
});
/** The typed answers a question allows: whole numbers of a range, or decimals (with a range or any). */
const answerLimits = customType<{ data: [string, string]; driverData: string }>({
  dataType: () => "numrange",
  toDriver: ([low, high]) => `[${low},${high}]`,
  // A numrange's text is one range of the form a multirange lists.
  fromDriver: (text) => acceptedRangesOf(text)[0],
});

/** One language's texts of a question as HTML; null where the text is plain. */
export interface RenderedWording {
  text: string | null;
  options: (string | null)[];
}

/** questions.rendered: the English wording and, when the question has one, the Hindi. */
export interface RenderedQuestion {
  en: RenderedWording;
  hi: RenderedWording | null;
  /** lib/content's RENDERING_VERSION the texts were rendered with; absent before formulas spoke. */
  version?: number;
}

/** Every timestamp is stored in UTC; the UI shows India time. */
const utc = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => utc("created_at").notNull().defaultNow();
const updatedAt = () =>
  utc("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const userRole = pgEnum("user_role", ["participant", "admin"]);
export const transactionStatus = pgEnum("transaction_status", ["pending", "verified", "rejected"]);
/** The spec's paymentType: money in, money out, or an entry fee. */
export const transactionType = pgEnum("transaction_type", ["credit", "debit", "form pay"]);
export const paymentMode = pgEnum("payment_mode", ["upi", "wallet", "gateway"]);
export const referralStatus = pgEnum("referral_status", ["pending", "rewarded"]);
export const notificationTarget = pgEnum("notification_target", ["all", "user", "admin"]);
export const recordingKind = pgEnum("recording_kind", ["video", "snapshot"]);
export const prizeKind = pgEnum("prize_kind", ["cash", "free_pass"]);
/**
 * How a quiz is run under India's Promotion and Regulation of Online Gaming Act, 2025: free entry
 * with sponsored prizes, paid entry with certificates and scholarships only (no cash), or paid
 * entry with cash prizes (the model every quiz had before; a deployment may forbid it).
 */
/** How an admin stated a participant's extra time: minutes, or a percentage of the quiz's duration. */
export const extraTimeUnit = pgEnum("extra_time_unit", ["minutes", "percent"]);
export const contestModel = pgEnum("contest_model", ["free_entry", "paid_certificates", "paid_cash"]);
export const uploadPurpose = pgEnum("upload_purpose", ["payment", "profile", "objection"]);
/** An admin's answer to the objections against one question of a quiz's provisional key. */
export const keyDecision = pgEnum("key_decision", ["keep", "change", "drop"]);
/** An appeal against a disqualification is rejected (stays disqualified) or upheld (reinstated). */
export const appealOutcome = pgEnum("appeal_outcome", ["rejected", "upheld"]);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Stored lower-cased so uniqueness ignores case. */
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    googleId: text("google_id"),
    role: userRole("role").notNull().default("participant"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    mobile: text("mobile"),
    street: text("street"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postal_code"),
    country: text("country"),
    profileImageId: uuid("profile_image_id").references((): AnyPgColumn => uploads.id, { onDelete: "set null" }),
    referralCode: text("referral_code").notNull(),
    referredById: uuid("referred_by_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /**
     * Cached sum of the user's verified ledger rows, changed only in the same database
     * transaction that verifies a ledger row; the check makes an overdraw impossible.
     */
    walletBalancePaise: integer("wallet_balance_paise").notNull().default(0),
    /** When the owner proved the address (a mailed link, or Google's word); null until then. */
    emailVerifiedAt: utc("email_verified_at"),
    /**
     * Sessions carry the version they were issued at; logging out everywhere, a password reset,
     * a role change or deletion bumps it, and every older session stops working.
     */
    sessionVersion: integer("session_version").notNull().default(0),
    /** The language the user chose ("en" or "hi"): pages on a new device, e-mails and notifications use it. */
    language: text("language"),
    /** Set when the account is deleted: personal data is wiped, ledger and results stay. */
    deletedAt: utc("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    uniqueIndex("users_google_id_unique").on(table.googleId),
    uniqueIndex("users_referral_code_unique").on(table.referralCode),
    index("users_referred_by_idx").on(table.referredById),
    index("users_role_idx").on(table.role),
    // The admin Overview's new accounts per day (a range of recent days).
    index("users_created_at_idx").on(table.createdAt),
    check("users_email_lowercase", sql`${table.email} = lower(${table.email})`),
    check("users_wallet_not_negative", sql`${table.walletBalancePaise} >= 0`),
    check("users_language_known", sql`${table.language} in ('en', 'hi')`),
  ],
);

export const quizzes = pgTable(
  "quizzes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    /** The title in Hindi; null where the organiser wrote none (Hindi pages then show the English one, marked as English). */
    titleHi: text("title_hi"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** The description in Hindi, null like titleHi. */
    descriptionHi: text("description_hi"),
    prizeMoneyPaise: integer("prize_money_paise").notNull().default(0),
    entryFeePaise: integer("entry_fee_paise").notNull().default(50_000),
    /** Seats on offer; null means unlimited and hides the seats-left counter. */
    capacity: integer("capacity"),
    durationSeconds: integer("duration_seconds").notNull().default(1800),
    questionCount: integer("question_count").notNull().default(25),
    /** The marks of a correct answer where no section or question says otherwise. */
    marksPerQuestion: marks("marks_per_question").notNull().default(1),
    /** Marks deducted for a wrong answer (negative marking); an unanswered question scores 0. Fixed, like marksPerQuestion, once registration opens. */
    wrongAnswerMarks: marks("wrong_answer_marks").notNull().default(0),
    shuffleQuestions: boolean("shuffle_questions").notNull().default(true),
    shuffleOptions: boolean("shuffle_options").notNull().default(false),
    /** The free practice quiz of /demoquiz: its answers may be shown, it takes no payment. */
    isDemo: boolean("is_demo").notNull().default(false),
    /** No default: an admin picks the model of every quiz (issue 32, lawful by default). */
    contestModel: contestModel("contest_model").notNull(),
    posterUrls: text("poster_urls").array().notNull().default(sql`'{}'::text[]`),
    formStartAt: utc("form_start_at").notNull(),
    formEndAt: utc("form_end_at").notNull(),
    examStartAt: utc("exam_start_at").notNull(),
    examEndAt: utc("exam_end_at").notNull(),
    resultAt: utc("result_at").notNull(),
    resultsPublishedAt: utc("results_published_at"),
    /** How long participants may object to the provisional answer key once it is published. */
    objectionWindowHours: integer("objection_window_hours").notNull().default(48),
    /** When the provisional key was published; objections are accepted until this plus the window. */
    answerKeyPublishedAt: utc("answer_key_published_at"),
    /**
     * Bumped by triggers whenever the quiz's questions change (its links, or a linked question's
     * text or options), so an instance's cached copy of them can tell it is stale.
     */
    questionsVersion: integer("questions_version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("quizzes_exam_start_idx").on(table.examStartAt),
    uniqueIndex("quizzes_single_demo").on(table.isDemo).where(sql`${table.isDemo}`),
    check("quizzes_prize_not_negative", sql`${table.prizeMoneyPaise} >= 0`),
    check("quizzes_fee_not_negative", sql`${table.entryFeePaise} >= 0`),
    check("quizzes_free_entry_has_no_fee", sql`${table.contestModel} <> 'free_entry' or ${table.entryFeePaise} = 0`),
    check("quizzes_certificates_have_no_cash", sql`${table.contestModel} <> 'paid_certificates' or ${table.prizeMoneyPaise} = 0`),
    check("quizzes_capacity_positive", sql`${table.capacity} is null or ${table.capacity} > 0`),
    check("quizzes_duration_positive", sql`${table.durationSeconds} > 0`),
    check("quizzes_question_count_positive", sql`${table.questionCount} > 0`),
    check("quizzes_marks_positive", sql`${table.marksPerQuestion} > 0`),
    check("quizzes_wrong_answer_marks_not_negative", sql`${table.wrongAnswerMarks} >= 0`),
    check("quizzes_objection_window_positive", sql`${table.objectionWindowHours} > 0`),
    check(
      "quizzes_dates_in_order",
      sql`${table.formStartAt} <= ${table.formEndAt} and ${table.formEndAt} <= ${table.examStartAt} and ${table.examStartAt} < ${table.examEndAt} and ${table.examEndAt} <= ${table.resultAt}`,
    ),
  ],
);

/**
 * How a question is answered: one option of 2 to 6 (single), one or more options (multiple), a
 * whole number typed (integer) or a decimal typed (numerical).
 */
export const answerTypes = ["single", "multiple", "integer", "numerical"] as const;
export const answerType = pgEnum("answer_type", answerTypes);
export type AnswerType = (typeof answerTypes)[number];

export const questions = pgTable(
  "questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Plain text, or an image URL when it starts with http. */
    text: text("text").notNull(),
    subject: text("subject").notNull(),
    answerType: answerType("answer_type").notNull().default("single"),
    /** 2 to 6 for the option types; none for a typed answer. */
    options: text("options").array().notNull(),
    /** A single-correct question's option. */
    correctOptionIndex: smallint("correct_option_index"),
    /** A multiple-correct question's options, ascending. */
    correctOptions: smallint("correct_options").array(),
    /** A typed question's accepted answers (an integer's value, a numerical value ± its tolerance). */
    acceptedAnswers: acceptedRanges("accepted_answers"),
    /** What a typed answer may be: whole numbers from low to high (integer), or decimals within it (numerical). */
    answerLimits: answerLimits("answer_limits"),
    /** The decimal places a typed answer may have: 0 for an integer, up to 2 for a numerical one. */
    answerDecimals: smallint("answer_decimals"),
    /** The Hindi version, for participants taking the exam in Hindi: both or neither, options in the English order. */
    textHi: text("text_hi"),
    optionsHi: text("options_hi").array(),
    /**
     * The texts rendered to HTML (lib/content) when the question was saved: null where a text is
     * plain, and null altogether for a question of plain texts (or saved before rich content),
     * which pages show as text, an image URL as the image.
     */
    rendered: jsonb("rendered").$type<RenderedQuestion>(),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("questions_subject_idx").on(table.subject),
    check(
      "questions_answer_fits_type",
      sql`case ${table.answerType}
        when 'single' then cardinality(${table.options}) between 2 and 6 and ${table.correctOptionIndex} between 0 and cardinality(${table.options}) - 1
          and ${table.correctOptions} is null and ${table.acceptedAnswers} is null and ${table.answerLimits} is null and ${table.answerDecimals} is null
        when 'multiple' then cardinality(${table.options}) between 2 and 6 and ${table.correctOptionIndex} is null
          and cardinality(${table.correctOptions}) >= 1 and 0 <= all(${table.correctOptions}) and cardinality(${table.options}) > all(${table.correctOptions})
          and ${table.acceptedAnswers} is null and ${table.answerLimits} is null and ${table.answerDecimals} is null
        else cardinality(${table.options}) = 0 and ${table.correctOptionIndex} is null and ${table.correctOptions} is null
          and not isempty(${table.acceptedAnswers}) and ${table.answerDecimals} between 0 and 2
          and (${table.answerType} = 'numerical' or (${table.answerDecimals} = 0 and ${table.answerLimits} is not null))
        end`,
    ),
    check("questions_hindi_options_match", sql`${table.optionsHi} is null or cardinality(${table.optionsHi}) = cardinality(${table.options})`),
    check("questions_hindi_complete", sql`(${table.textHi} is null) = (${table.optionsHi} is null)`),
  ],
);

/**
 * Images a question or its options show (diagrams, figures), uploaded by an admin and kept
 * privately in object storage. Content refers to one as `![alt text](image:<id>)`; who may see
 * it follows the quizzes whose questions use it (question_image_uses).
 */
export const questionImages = pgTable(
  "question_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    objectKey: text("object_key").notNull(),
    /** Detected from the file's bytes, never taken from the client. */
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The file's name when uploaded, for the admin (and the name it keeps in an export). */
    fileName: text("file_name").notNull(),
    uploadedById: uuid("uploaded_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("question_images_object_key_unique").on(table.objectKey),
    check("question_images_size_in_limit", sql`${table.sizeBytes} > 0 and ${table.sizeBytes} <= 5242880`),
    check("question_images_dimensions", sql`${table.width} > 0 and ${table.height} > 0`),
  ],
);

/** Which questions show which images: written with the question's content, read to decide who may see an image. */
export const questionImageUses = pgTable(
  "question_image_uses",
  {
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    imageId: uuid("image_id")
      .notNull()
      .references(() => questionImages.id, { onDelete: "restrict" }),
  },
  (table) => [primaryKey({ columns: [table.questionId, table.imageId] }), index("question_image_uses_image_idx").on(table.imageId)],
);

/**
 * A part of a quiz with its own marking scheme (a quiz without sections marks every question with
 * its own marks per question and wrong-answer marks). Marks are exact decimals of two places.
 */
export const quizSections = pgTable(
  "quiz_sections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    nameHi: text("name_hi"),
    marksCorrect: marks("marks_correct").notNull(),
    /** Marks deducted for a wrong answer. */
    marksWrong: marks("marks_wrong").notNull().default(0),
    marksUnanswered: marks("marks_unanswered").notNull().default(0),
    /**
     * A multiple-correct question's partial marks: these per correct option chosen, when every
     * option chosen is correct but not all are (JEE Advanced: 1); null: all or nothing.
     */
    marksPartial: marks("marks_partial"),
  },
  (table) => [
    unique("quiz_sections_position_unique").on(table.quizId, table.position),
    check("quiz_sections_position_not_negative", sql`${table.position} >= 0`),
    check("quiz_sections_marks_correct_positive", sql`${table.marksCorrect} > 0`),
    check("quiz_sections_marks_wrong_not_negative", sql`${table.marksWrong} >= 0`),
    check("quiz_sections_marks_partial_positive", sql`${table.marksPartial} is null or ${table.marksPartial} > 0`),
  ],
);

export const quizQuestions = pgTable(
  "quiz_questions",
  {
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    /** A question in use by a quiz cannot be deleted from the bank. */
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
    /**
     * The quiz's own key, copied from the question bank when the provisional key is published;
     * from then on scoring reads this, so a later edit in the bank cannot silently rescore.
     */
    keyOptionIndex: smallint("key_option_index"),
    /** The quiz's own key of a multiple-correct question, as keyOptionIndex of a single-correct one. */
    keyOptions: smallint("key_options").array(),
    /** The quiz's own accepted answers of a typed question (a decision may accept another or widen a range). */
    keyAnswers: acceptedRanges("key_answers"),
    /** Dropped after objections: every attempt gets the mark, answered or not. */
    dropped: boolean("dropped").notNull().default(false),
    /** The section the question is in; null in a quiz without sections. */
    sectionId: uuid("section_id").references(() => quizSections.id, { onDelete: "restrict" }),
    /** This question's own marks for a correct / wrong answer, over its section's (IOQM's 2, 3 and 5). */
    marksCorrect: marks("marks_correct"),
    marksWrong: marks("marks_wrong"),
  },
  (table) => [
    primaryKey({ columns: [table.quizId, table.questionId] }),
    check("quiz_questions_key_in_range", sql`${table.keyOptionIndex} is null or ${table.keyOptionIndex} between 0 and 5`),
    check("quiz_questions_marks_correct_positive", sql`${table.marksCorrect} is null or ${table.marksCorrect} > 0`),
    check("quiz_questions_marks_wrong_not_negative", sql`${table.marksWrong} is null or ${table.marksWrong} >= 0`),
    unique("quiz_questions_position_unique").on(table.quizId, table.position),
    index("quiz_questions_question_idx").on(table.questionId),
    check("quiz_questions_position_not_negative", sql`${table.position} >= 0`),
  ],
);

export const attempts = pgTable(
  "attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "restrict" }),
    participantId: uuid("participant_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Seeds the per-participant question and option order so a resume sees the same order. */
    shuffleSeed: integer("shuffle_seed").notNull(),
    startedAt: utc("started_at").notNull().defaultNow(),
    /** The server's hard limit: duration plus the pause allowance. */
    deadlineAt: utc("deadline_at").notNull(),
    currentQuestionIndex: integer("current_question_index").notNull().default(0),
    /** Visible timer left as last reported by the client while in fullscreen, for resuming. */
    timeLeftSeconds: integer("time_left_seconds").notNull(),
    /**
     * The extra time (accommodation) already added to deadline_at and time_left_seconds, so a
     * changed grant moves them by the difference only.
     */
    extraSeconds: integer("extra_seconds").notNull().default(0),
    submittedAt: utc("submitted_at"),
    /** Exact to two decimals: marks may be fractional. */
    score: score("score"),
    timeTakenSeconds: integer("time_taken_seconds"),
    /** A disqualified attempt is left out of the ranking; the reason is shown to the participant. */
    disqualifiedAt: utc("disqualified_at"),
    disqualifiedById: uuid("disqualified_by_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    disqualificationReason: text("disqualification_reason"),
    createdAt: createdAt(),
  },
  (table) => [
    unique("attempts_one_per_participant_and_quiz").on(table.participantId, table.quizId),
    index("attempts_quiz_ranking_idx").on(table.quizId, table.score, table.timeTakenSeconds),
    index("attempts_overdue_idx").on(table.deadlineAt).where(sql`${table.submittedAt} is null`),
    check("attempts_deadline_after_start", sql`${table.deadlineAt} > ${table.startedAt}`),
    check(
      "attempts_time_taken_not_negative",
      sql`${table.timeTakenSeconds} is null or ${table.timeTakenSeconds} >= 0`,
    ),
    check("attempts_time_left_not_negative", sql`${table.timeLeftSeconds} >= 0`),
    check("attempts_extra_time_not_negative", sql`${table.extraSeconds} >= 0`),
    check(
      "attempts_disqualification_has_reason",
      sql`(${table.disqualifiedAt} is null) = (${table.disqualificationReason} is null)`,
    ),
  ],
);

export const attemptAnswers = pgTable(
  "attempt_answers",
  {
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "restrict" }),
    /** A single-correct question's option; all three null when the participant cleared the answer. */
    selectedOptionIndex: smallint("selected_option_index"),
    /** A multiple-correct question's options, ascending, at least one. */
    selectedOptions: smallint("selected_options").array(),
    /** A typed answer, as given ("2.50" stays "2.50"): a decimal of at most two places, compared as numeric. */
    typedAnswer: text("typed_answer"),
    /** When the client made the change: a late, older save never overwrites a newer one. */
    answeredAt: utc("answered_at").notNull(),
    savedAt: utc("saved_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.attemptId, table.questionId] }),
    check(
      "attempt_answers_option_in_range",
      sql`${table.selectedOptionIndex} is null or ${table.selectedOptionIndex} between 0 and 5`,
    ),
    check(
      "attempt_answers_options_in_range",
      sql`${table.selectedOptions} is null or (cardinality(${table.selectedOptions}) between 1 and 6 and 0 <= all(${table.selectedOptions}) and 5 >= all(${table.selectedOptions}))`,
    ),
    check("attempt_answers_one_kind", sql`num_nonnulls(${table.selectedOptionIndex}, ${table.selectedOptions}, ${table.typedAnswer}) <= 1`),
    check("attempt_answers_typed_is_decimal", sql`${table.typedAnswer} ~ '^-?[0-9]{1,9}([.][0-9]{1,2})?$'`),
  ],
);

export const focusEvents = pgTable(
  "focus_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    /** e.g. blur, long-focus-loss, fullscreen-exit, copy, paste, context-menu, devtools. */
    kind: text("kind").notNull(),
    occurredAt: utc("occurred_at").notNull(),
    durationMs: integer("duration_ms"),
    detail: text("detail"),
  },
  (table) => [index("focus_events_attempt_idx").on(table.attemptId, table.occurredAt)],
);

export const recordingChunks = pgTable(
  "recording_chunks",
  {
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    kind: recordingKind("kind").notNull(),
    sequence: integer("sequence").notNull(),
    objectKey: text("object_key").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** A slice carrying a WebM header: a reload restarted the recorder, so a new video begins here. */
    startsSegment: boolean("starts_segment").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.attemptId, table.kind, table.sequence] }),
    check("recording_chunks_sequence_not_negative", sql`${table.sequence} >= 0`),
    check("recording_chunks_size_positive", sql`${table.sizeBytes} > 0`),
  ],
);

/** The ledger. Rows are never deleted; a verified row is final. */
export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    quizId: uuid("quiz_id").references(() => quizzes.id, { onDelete: "restrict" }),
    type: transactionType("type").notNull(),
    mode: paymentMode("mode").notNull().default("upi"),
    status: transactionStatus("status").notNull().default("pending"),
    amountPaise: integer("amount_paise").notNull(),
    /** The participant's UPI transaction id, when given. */
    paymentReference: text("payment_reference"),
    payeeName: text("payee_name"),
    upiId: text("upi_id"),
    reason: text("reason").notNull(),
    /** The payment screenshot (the spec's paysnapurl), private to the payer and admins. */
    proofUploadId: uuid("proof_upload_id").references((): AnyPgColumn => uploads.id, { onDelete: "restrict" }),
    reviewedById: uuid("reviewed_by_id").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: utc("reviewed_at"),
    /**
     * On a refund (a verified wallet credit), the payment it gives back. Unique: a payment is
     * refunded once, however many admins press Refund (lib/payments/refunds.ts explains).
     */
    refundOfId: uuid("refund_of_id").references((): AnyPgColumn => transactions.id, { onDelete: "restrict" }),
    /** A pending UPI payment whose UTR and amount appear on an uploaded bank statement (reconciliation); the admin still verifies. */
    statementMatchedAt: utc("statement_matched_at"),
    /**
     * The bank statement line whose credit this payment's money is: set when a statement is
     * reconciled or when the payment is verified while a line with its UTR is on file. One line
     * backs one payment (unique), and only a payment with the line's own UTR (the composite
     * foreign key to statement_lines (id, utr)).
     */
    statementLineId: uuid("statement_line_id"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("transactions_one_payment_per_statement_line").on(table.statementLineId),
    check("transactions_statement_line_has_utr", sql`${table.statementLineId} is null or ${table.paymentReference} is not null`),
    foreignKey({ name: "transactions_statement_line_utr_fk", columns: [table.statementLineId, table.paymentReference], foreignColumns: [statementLines.id, statementLines.utr] }).onDelete("restrict"),
    /**
     * One bank credit, one payment: a UTR backs at most one UPI payment whose money the app
     * counts as received, that is verified or holding a statement line (a refund of received
     * money keeps its line). The database refuses the second, whichever admin or path tries.
     */
    uniqueIndex("transactions_one_received_payment_per_utr")
      .on(table.paymentReference)
      .where(sql`${table.mode} = 'upi' and ${table.type} in ('credit', 'form pay') and (${table.status} = 'verified' or ${table.statementLineId} is not null)`),
    index("transactions_user_idx").on(table.userId, table.createdAt),
    index("transactions_status_idx").on(table.status, table.createdAt),
    index("transactions_quiz_idx").on(table.quizId, table.status),
    // The admin Overview's registrations and verified entry fees per day (a range of recent days).
    index("transactions_entry_fee_created_idx").on(table.createdAt).where(sql`${table.type} = 'form pay'`),
    index("transactions_entry_fee_verified_idx").on(table.reviewedAt).where(sql`${table.type} = 'form pay' and ${table.status} = 'verified'`),
    uniqueIndex("transactions_one_pending_entry_fee")
      .on(table.userId, table.quizId)
      .where(sql`${table.type} = 'form pay' and ${table.status} = 'pending'`),
    uniqueIndex("transactions_one_verified_entry_fee")
      .on(table.userId, table.quizId)
      .where(sql`${table.type} = 'form pay' and ${table.status} = 'verified'`),
    /**
     * A screenshot upload proves one payment. A UPI reference seen before is not refused but
     * flagged for the admin (payment_flags), who decides: a payer may resubmit after a rejection.
     */
    /** One gateway payment, one receipt: a gateway payment id credits the ledger once, whatever delivered it or how often. */
    uniqueIndex("transactions_one_receipt_per_gateway_payment")
      .on(table.paymentReference)
      // Mode gateway, said by the modes it is not: the value is new to the enum in the migration that
      // makes the index, and PostgreSQL refuses an enum value in the transaction that adds it.
      .where(sql`${table.mode} not in ('upi', 'wallet') and ${table.type} in ('credit', 'form pay')`),
    uniqueIndex("transactions_proof_unique").on(table.proofUploadId),
    index("transactions_payment_reference_idx").on(table.paymentReference),
    uniqueIndex("transactions_one_refund_per_payment").on(table.refundOfId),
    check(
      "transactions_refund_is_verified_wallet_credit",
      sql`${table.refundOfId} is null or (${table.type} = 'credit' and ${table.mode} = 'wallet' and ${table.status} = 'verified')`,
    ),
    /** A free-entry registration is the one row at zero: a verified entry fee of nothing, from no one's wallet. */
    check(
      "transactions_amount_positive",
      sql`${table.amountPaise} > 0 or (${table.amountPaise} = 0 and ${table.type} = 'form pay' and ${table.mode} = 'wallet' and ${table.status} = 'verified')`,
    ),
    check(
      "transactions_entry_fee_names_quiz",
      sql`${table.type} <> 'form pay' or ${table.quizId} is not null`,
    ),
  ],
);

export const referrals = pgTable(
  "referrals",
  {
    /** A user is referred at most once. */
    referredUserId: uuid("referred_user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    referrerId: uuid("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: referralStatus("status").notNull().default("pending"),
    rewardTransactionId: uuid("reward_transaction_id").references(() => transactions.id, {
      onDelete: "restrict",
    }),
    createdAt: createdAt(),
    rewardedAt: utc("rewarded_at"),
  },
  (table) => [
    index("referrals_referrer_idx").on(table.referrerId, table.createdAt),
    uniqueIndex("referrals_reward_unique").on(table.rewardTransactionId),
    check("referrals_not_self", sql`${table.referredUserId} <> ${table.referrerId}`),
    check(
      "referrals_rewarded_has_transaction",
      sql`(${table.status} = 'rewarded') = (${table.rewardTransactionId} is not null)`,
    ),
  ],
);

export const blogs = pgTable(
  "blogs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    keywords: text("keywords").array().notNull().default(sql`'{}'::text[]`),
    /** Markdown, rendered sanitised. */
    content: text("content").notNull(),
    author: text("author").notNull(),
    category: text("category").notNull(),
    imageUrl: text("image_url"),
    /** The image's text alternative, written by the admin; "" when the image is decorative. */
    imageAlt: text("image_alt").notNull().default(""),
    /** Pixel size read from the image's own header when it is saved; null when it could not be read. */
    imageWidth: integer("image_width"),
    imageHeight: integer("image_height"),
    publishedAt: utc("published_at").notNull().defaultNow(),
    viewCount: integer("view_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("blogs_slug_unique").on(table.slug),
    index("blogs_published_idx").on(table.publishedAt),
    index("blogs_category_idx").on(table.category, table.publishedAt),
    index("blogs_popular_idx").on(table.viewCount),
    check("blogs_slug_format", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("blogs_view_count_not_negative", sql`${table.viewCount} >= 0`),
    check("blogs_image_size_positive", sql`(${table.imageWidth} IS NULL) = (${table.imageHeight} IS NULL) AND coalesce(${table.imageWidth} > 0 AND ${table.imageHeight} > 0, true)`),
  ],
);

/** One row per recipient, so each participant has their own read state. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    target: notificationTarget("target").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    icon: text("icon"),
    url: text("url"),
    readAt: utc("read_at"),
    createdAt: createdAt(),
  },
  (table) => [index("notifications_user_idx").on(table.userId, table.createdAt)],
);

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(table.endpoint),
    index("push_subscriptions_user_idx").on(table.userId),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    readAt: utc("read_at"),
    createdAt: createdAt(),
  },
  (table) => [index("contact_messages_created_idx").on(table.createdAt)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    /** SHA-256 of the token mailed to the user; the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: utc("expires_at").notNull(),
    usedAt: utc("used_at"),
    createdAt: createdAt(),
  },
  (table) => [
    index("password_reset_tokens_user_idx").on(table.userId),
    index("password_reset_tokens_expiry_idx").on(table.expiresAt),
  ],
);

/** A quiz's prizes by rank range; rows with no quiz are the default table. */
export const prizeTiers = pgTable(
  "prize_tiers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quizId: uuid("quiz_id").references(() => quizzes.id, { onDelete: "cascade" }),
    rankFrom: integer("rank_from").notNull(),
    rankTo: integer("rank_to").notNull(),
    kind: prizeKind("kind").notNull(),
    amountPaise: integer("amount_paise").notNull().default(0),
  },
  (table) => [
    unique("prize_tiers_rank_unique").on(table.quizId, table.rankFrom).nullsNotDistinct(),
    check("prize_tiers_rank_range", sql`${table.rankFrom} >= 1 and ${table.rankFrom} <= ${table.rankTo}`),
    check(
      "prize_tiers_amount_matches_kind",
      sql`(${table.kind} = 'cash' and ${table.amountPaise} > 0) or (${table.kind} = 'free_pass' and ${table.amountPaise} = 0)`,
    ),
  ],
);

/** Files a user uploaded (payment proofs, profile images), kept privately in object storage. */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    purpose: uploadPurpose("purpose").notNull(),
    objectKey: text("object_key").notNull(),
    /** Detected from the file's bytes, never taken from the client. */
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** Payment screenshots: SHA-256 of the bytes (hex), to find the very same file on an earlier payment. */
    sha256: text("sha256"),
    /** Payment screenshots: 64-bit difference hash (lib/uploads/image-hash.ts), to find re-encoded or cropped copies. */
    dhash: bigint("dhash", { mode: "bigint" }),
    /** dHashes of the screenshot with 10 % cropped off the top, the bottom, and 5 % all round: a cropped copy's own dHash lands near one of these. */
    dhashCrops: bigint("dhash_crops", { mode: "bigint" }).array(),
    createdAt: createdAt(),
  },
  (table) => [
    index("uploads_sha256_idx").on(table.sha256),
    uniqueIndex("uploads_object_key_unique").on(table.objectKey),
    index("uploads_owner_idx").on(table.ownerId, table.createdAt),
    check("uploads_size_in_limit", sql`${table.sizeBytes} > 0 and ${table.sizeBytes} <= 5242880`),
  ],
);

/** Fixed-window counters shared by every instance (login attempts per IP and per email). */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: utc("window_start").notNull(),
    hits: integer("hits").notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index("rate_limit_hits_window_idx").on(table.windowStart),
  ],
);

/**
 * Why a UPI payment looks like an earlier one: its UTR was used before, or its screenshot is the
 * same file (SHA-256) or the same picture re-encoded or cropped (dHash within a threshold).
 * Written when the payment is submitted; the admin still decides.
 */
export const paymentFlags = pgTable(
  "payment_flags",
  {
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "restrict" }),
    reason: text("reason", { enum: ["reference-reused", "same-screenshot", "similar-screenshot"] }).notNull(),
    earlierTransactionId: uuid("earlier_transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "restrict" }),
    /** For a similar screenshot, the Hamming distance between the two dHashes. */
    distance: integer("distance"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.transactionId, table.reason] }),
    index("payment_flags_earlier_idx").on(table.earlierTransactionId),
  ],
);

/** A bank or UPI app statement an admin uploaded for reconciliation: kept whole, line by line. */
export const bankStatements = pgTable("bank_statements", {
  id: uuid("id").primaryKey().defaultRandom(),
  fileName: text("file_name"),
  utrColumn: text("utr_column").notNull(),
  amountColumn: text("amount_column").notNull(),
  dateColumn: text("date_column"),
  lineCount: integer("line_count").notNull(),
  uploadedById: uuid("uploaded_by_id").references(() => users.id, { onDelete: "restrict" }),
  uploadedAt: utc("uploaded_at").notNull().defaultNow(),
});

/**
 * One line of an uploaded statement: its UTR and amount as read (null when unreadable), the date
 * cell, and the raw line. Append-only. The same credit on two overlapping statements is two lines;
 * transactions_one_received_payment_per_utr still lets only one of them back a payment.
 */
export const statementLines = pgTable(
  "statement_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => bankStatements.id, { onDelete: "restrict" }),
    /** 1 for the first line after the header, as a spreadsheet numbers it less one. */
    lineNumber: integer("line_number").notNull(),
    utr: text("utr"),
    amountPaise: bigint("amount_paise", { mode: "number" }),
    valueDate: text("value_date"),
    raw: text("raw").notNull(),
  },
  (table) => [
    unique("statement_lines_statement_line_unique").on(table.statementId, table.lineNumber),
    unique("statement_lines_id_utr_unique").on(table.id, table.utr),
    index("statement_lines_utr_idx").on(table.utr),
  ],
);

/**
 * The books: every money movement as a balanced double entry (debits positive, credits
 * negative, each entry summing to zero, checked at commit). Entries are posted by the database
 * itself (migration 0021) when a ledger row becomes verified, a published result row carries a
 * cash prize, or a tax deposit is recorded, in the same transaction. Append-only.
 */
export const journalEntries = pgTable(
  "journal_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** transaction | prize | tax_deposit | settlement */
    source: text("source", { enum: ["transaction", "prize", "tax_deposit", "settlement"] }).notNull(),
    transactionId: uuid("transaction_id").references(() => transactions.id, { onDelete: "restrict" }),
    quizId: uuid("quiz_id"),
    participantId: uuid("participant_id"),
    /** A prize entry's version of the results: each revision posts the change in each participant's prize. */
    revision: integer("revision"),
    taxDepositId: uuid("tax_deposit_id"),
    /** A gateway settlement's line: the payment or refund the gateway settled to the bank, less its fees. */
    settlementLineId: uuid("settlement_line_id"),
    memo: text("memo").notNull(),
    /** When the movement happened (a verification, a publication, a deposit), India's books by this date. */
    postedAt: utc("posted_at").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("journal_entries_one_per_transaction").on(table.transactionId),
    uniqueIndex("journal_entries_one_per_prize").on(table.quizId, table.participantId, table.revision),
    uniqueIndex("journal_entries_one_per_tax_deposit").on(table.taxDepositId),
    uniqueIndex("journal_entries_one_per_settlement_line").on(table.settlementLineId),
    index("journal_entries_posted_idx").on(table.postedAt),
  ],
);

export const journalLines = pgTable(
  "journal_lines",
  {
    entryId: bigint("entry_id", { mode: "number" })
      .notNull()
      .references(() => journalEntries.id, { onDelete: "restrict" }),
    line: smallint("line").notNull(),
    account: text("account", { enum: ["bank", "wallets", "entry_fees", "refunds", "referral_rewards", "prizes", "prize_liability", "prize_recoverable", "tax_payable", "gateway_clearing", "gateway_fees", "suspense"] }).notNull(),
    /** The participant whose wallet this line moves (the wallets account only). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "restrict" }),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.entryId, table.line] }),
    index("journal_lines_account_idx").on(table.account, table.userId),
    check("journal_lines_wallet_names_user", sql`(${table.account} = 'wallets') = (${table.userId} is not null)`),
    check("journal_lines_amount_not_zero", sql`${table.amountPaise} <> 0`),
  ],
);

/** Tax withheld that an admin deposited with the government (a challan): lowers tax payable. Append-only. */
export const taxDeposits = pgTable(
  "tax_deposits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    /** The challan identification number (BSR code, date, serial) or the bank's reference. */
    challanReference: text("challan_reference").notNull(),
    depositedOn: date("deposited_on", { mode: "string" }).notNull(),
    /** e.g. FY2026-27 Q3 */
    period: text("period").notNull(),
    recordedById: uuid("recorded_by_id").references(() => users.id, { onDelete: "restrict" }),
    recordedAt: createdAt(),
  },
  (table) => [uniqueIndex("tax_deposits_challan_unique").on(table.challanReference), check("tax_deposits_amount_positive", sql`${table.amountPaise} > 0`)],
);

/** The bank statement's CSV columns an admin chose for reconciliation, remembered for the next upload (one row). */
export const statementMappings = pgTable("statement_mappings", {
  id: text("id").primaryKey(),
  utrColumn: text("utr_column").notNull(),
  amountColumn: text("amount_column").notNull(),
  dateColumn: text("date_column"),
  updatedById: uuid("updated_by_id").references(() => users.id, { onDelete: "set null" }),
  updatedAt: utc("updated_at").notNull().defaultNow(),
});

/** Secrets the app generates once and every instance must share (the web-push VAPID keys). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/** An admin's decision on one question of a quiz's provisional key, closing its open objections. */
export const keyDecisions = pgTable(
  "key_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "restrict" }),
    decision: keyDecision("decision").notNull(),
    /**
     * The key before the decision, and after a "change": the canonical option (single), the
     * options (multiple) or the accepted ranges (typed), one of the three each.
     */
    previousOptionIndex: smallint("previous_option_index"),
    newOptionIndex: smallint("new_option_index"),
    previousOptions: smallint("previous_options").array(),
    newOptions: smallint("new_options").array(),
    previousAnswers: acceptedRanges("previous_answers"),
    newAnswers: acceptedRanges("new_answers"),
    note: text("note").notNull().default(""),
    decidedById: uuid("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: utc("decided_at").notNull().defaultNow(),
  },
  (table) => [
    index("key_decisions_quiz_idx").on(table.quizId, table.decidedAt),
    check(
      "key_decisions_new_key_for_change",
      sql`(${table.decision} = 'change') = (num_nonnulls(${table.newOptionIndex}, ${table.newOptions}, ${table.newAnswers}) = 1)
        and num_nonnulls(${table.previousOptionIndex}, ${table.previousOptions}, ${table.previousAnswers}) = 1
        and (${table.newOptionIndex} is null or ${table.newOptionIndex} between 0 and 5)`,
    ),
  ],
);

/** A participant's objection to one question of a quiz's provisional key; one per question. */
export const objections = pgTable(
  "objections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "restrict" }),
    participantId: uuid("participant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    /** An optional image through the private uploads. */
    evidenceUploadId: uuid("evidence_upload_id").references((): AnyPgColumn => uploads.id, { onDelete: "set null" }),
    /** Null while open; set when an admin decides the question. */
    decisionId: uuid("decision_id").references(() => keyDecisions.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (table) => [
    unique("objections_one_per_question").on(table.quizId, table.questionId, table.participantId),
    index("objections_open_idx").on(table.quizId, table.questionId).where(sql`${table.decisionId} is null`),
  ],
);

/**
 * Extra time an admin granted a participant on a quiz (an accommodation), one current grant per
 * participant and quiz; its history is in the audit trail. `extra_seconds` is fixed when granted,
 * so a later change to the quiz's duration does not silently change a percentage grant.
 */
export const extraTimeGrants = pgTable(
  "extra_time_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    participantId: uuid("participant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unit: extraTimeUnit("unit").notNull(),
    amount: integer("amount").notNull(),
    extraSeconds: integer("extra_seconds").notNull(),
    reason: text("reason").notNull(),
    grantedById: uuid("granted_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique("extra_time_grants_one_per_participant_and_quiz").on(table.quizId, table.participantId),
    check("extra_time_grants_amount_positive", sql`${table.amount} > 0`),
    check("extra_time_grants_extra_positive", sql`${table.extraSeconds} > 0`),
  ],
);

/** A disqualified participant's one appeal, and the admin's answer. */
export const appeals = pgTable(
  "appeals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    outcome: appealOutcome("outcome"),
    response: text("response"),
    decidedById: uuid("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: utc("decided_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("appeals_one_per_attempt").on(table.attemptId),
    check("appeals_decided_has_outcome", sql`(${table.outcome} is null) = (${table.decidedAt} is null)`),
  ],
);

/**
 * A quiz's published results, one row per version: the final key and a SHA-256 digest over the
 * canonical serialisation of key and ranking, so anyone can recompute and compare. Never changed:
 * a correction is a new revision with its reason, whose digest covers the digest of the version
 * it replaces (a trigger refuses any other next revision), so the chain cannot be broken silently.
 */
export const publishedResults = pgTable(
  "published_results",
  {
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "restrict" }),
    /** 1 for the first publication; each revision adds one. */
    revision: integer("revision").notNull().default(1),
    /** [{ questionId, correctOptionIndex, dropped }] in the quiz's position order. */
    answerKey: jsonb("answer_key").notNull(),
    /** [{ rankFrom, rankTo, kind, amountPaise }] as they stood when the results were published. */
    prizeTable: jsonb("prize_table").notNull().default([]),
    marksPerQuestion: marks("marks_per_question").notNull().default(1),
    /** The quiz's negative marking as it stood when the results were published (0: none). */
    wrongAnswerMarks: marks("wrong_answer_marks").notNull().default(0),
    /** The quiz's sections as they stood (lib/results/frozen.ts ResultsSection); empty when the quiz had none. */
    sections: jsonb("sections").notNull().default([]),
    /** The participants whose submitted attempts were left out as disqualified: what verify recomputes this version with, since disqualifications may change after it. */
    disqualifiedIds: uuid("disqualified_ids").array().notNull().default(sql`'{}'::uuid[]`),
    digest: text("digest").notNull(),
    /**
     * What the digest covers: 1, the legacy canonical JSON with participant ids; 2, the public
     * results file below (pseudonyms, answers, key, prizes and tie rule), whose SHA-256 it is.
     */
    digestFormat: smallint("digest_format").notNull().default(1),
    /** Format 2: the public results file, byte for byte as it is served and as the digest covers it. */
    resultsFile: text("results_file"),
    /** The digest of the version this revision replaces; null for the first publication. */
    previousDigest: text("previous_digest"),
    /** Why this revision was published; null for the first publication. */
    reason: text("reason"),
    publishedById: uuid("published_by_id").references(() => users.id, { onDelete: "set null" }),
    publishedAt: utc("published_at").notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.quizId, table.revision] }),
    check("published_results_file_of_format_2", sql`(${table.digestFormat} >= 2) = (${table.resultsFile} is not null)`),
    check("published_results_revision_positive", sql`${table.revision} >= 1`),
    check("published_results_revision_chained", sql`(${table.revision} = 1) = (${table.previousDigest} is null)`),
    check("published_results_revision_has_reason", sql`(${table.revision} = 1) = (${table.reason} is null)`),
    // Format 1 is the legacy digest of first publications; a revision always names its predecessor in a format-2 file.
    check("published_results_revision_in_format_2", sql`${table.revision} = 1 or ${table.digestFormat} >= 2`),
    check("published_results_format_known", sql`${table.digestFormat} between 1 and 3`),
  ],
);

/** The frozen ranking of each published version; pages read the current version's, never attempts. */
export const resultRows = pgTable(
  "result_rows",
  {
    quizId: uuid("quiz_id").notNull(),
    revision: integer("revision").notNull().default(1),
    participantId: uuid("participant_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    rank: integer("rank").notNull(),
    score: score("score").notNull(),
    timeTakenSeconds: integer("time_taken_seconds").notNull(),
    prizePaise: integer("prize_paise").notNull().default(0),
    freePass: boolean("free_pass").notNull().default(false),
    /** How the public results file names this participant (lib/results/pseudonyms.ts); null in a format-1 publication. */
    pseudonym: text("pseudonym"),
  },
  (table) => [
    primaryKey({ columns: [table.quizId, table.revision, table.participantId] }),
    foreignKey({ name: "result_rows_version_fk", columns: [table.quizId, table.revision], foreignColumns: [publishedResults.quizId, publishedResults.revision] }).onDelete("restrict"),
    index("result_rows_rank_idx").on(table.quizId, table.revision, table.rank),
    check("result_rows_rank_positive", sql`${table.rank} >= 1`),
  ],
);

/** The latest version of each quiz's published results (migration results-revisions): what every page reads. */
export const currentPublishedResults = pgView("current_published_results", {
  quizId: uuid("quiz_id").notNull(),
  revision: integer("revision").notNull(),
  answerKey: jsonb("answer_key").notNull(),
  prizeTable: jsonb("prize_table").notNull(),
  marksPerQuestion: marks("marks_per_question").notNull(),
  wrongAnswerMarks: marks("wrong_answer_marks").notNull(),
  disqualifiedIds: uuid("disqualified_ids").array().notNull(),
  digest: text("digest").notNull(),
  digestFormat: smallint("digest_format").notNull(),
  resultsFile: text("results_file"),
  previousDigest: text("previous_digest"),
  reason: text("reason"),
  publishedById: uuid("published_by_id"),
  publishedAt: utc("published_at").notNull(),
  sections: jsonb("sections").notNull(),
}).existing();

/** The rows of each quiz's latest version (migration results-revisions). */
export const currentResultRows = pgView("current_result_rows", {
  quizId: uuid("quiz_id").notNull(),
  revision: integer("revision").notNull(),
  participantId: uuid("participant_id").notNull(),
  rank: integer("rank").notNull(),
  score: score("score").notNull(),
  timeTakenSeconds: integer("time_taken_seconds").notNull(),
  prizePaise: integer("prize_paise").notNull(),
  freePass: boolean("free_pass").notNull(),
  pseudonym: text("pseudonym"),
}).existing();

export const prizeClaimStatus = pgEnum("prize_claim_status", ["claimed", "approved", "paid"]);
export const payoutMethod = pgEnum("payout_method", ["upi", "bank"]);

/**
 * A winner's claim on the cash prize of a published result row: one per quiz and participant.
 * While unpaid it follows the current version of the results (a revision changes its amount, or
 * withdraws it when the prize no longer holds); once paid it stays on the version it was paid
 * for, and a later revision that lowers that prize lists the difference for recovery.
 * PAN and the UPI id or bank account are AES-256-GCM ciphertexts (lib/payouts/sealed.ts); only
 * their masks are stored readable. The tax is fixed when the claim is made, from the
 * configuration then in force, so gross = tax + net always.
 */
export const prizeClaims = pgTable(
  "prize_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quizId: uuid("quiz_id").notNull(),
    /** The version of the results whose row this claim is on. */
    revision: integer("revision").notNull().default(1),
    participantId: uuid("participant_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: prizeClaimStatus("status").notNull().default("claimed"),
    grossPaise: integer("gross_paise").notNull(),
    taxPaise: integer("tax_paise").notNull(),
    netPaise: integer("net_paise").notNull(),
    /** The rate applied, in hundredths of a percent (3000 = 30 %), and its legal basis. */
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull(),
    taxSection: text("tax_section").notNull(),
    panCipher: text("pan_cipher").notNull(),
    panMasked: text("pan_masked").notNull(),
    method: payoutMethod("method").notNull(),
    accountCipher: text("account_cipher").notNull(),
    accountMasked: text("account_masked").notNull(),
    claimedAt: createdAt(),
    approvedById: uuid("approved_by_id").references(() => users.id, { onDelete: "set null" }),
    approvedAt: utc("approved_at"),
    paidById: uuid("paid_by_id").references(() => users.id, { onDelete: "set null" }),
    paidAt: utc("paid_at"),
    bankReference: text("bank_reference"),
    payoutTransactionId: uuid("payout_transaction_id").references(() => transactions.id, { onDelete: "restrict" }),
    taxTransactionId: uuid("tax_transaction_id").references(() => transactions.id, { onDelete: "restrict" }),
    /** HMAC of the normalised PAN (lib/payouts/sealed.ts): finds a PAN used by another account without opening any. */
    panHash: text("pan_hash"),
    /** A claim held for review (a PAN another account used), with the reason on record; approval waits for a release. */
    heldAt: utc("held_at"),
    heldReason: text("held_reason"),
    /** The Indian financial year the payout's tax was computed for ("2026-27"), and on what basis (net winnings or gross). */
    financialYear: text("financial_year"),
    taxBasis: text("tax_basis", { enum: ["net", "gross"] }),
  },
  (table) => [
    // One open claim per winner at a time; a paid claim stays, and a revision that raises its prize opens a claim for the difference.
    uniqueIndex("prize_claims_one_per_winner").on(table.quizId, table.participantId).where(sql`${table.status} <> 'paid'`),
    foreignKey({ name: "prize_claims_result_row_fk", columns: [table.quizId, table.revision, table.participantId], foreignColumns: [resultRows.quizId, resultRows.revision, resultRows.participantId] }).onDelete("restrict"),
    index("prize_claims_status_idx").on(table.status, table.claimedAt),
    index("prize_claims_paid_idx").on(table.paidAt),
    uniqueIndex("prize_claims_bank_reference_unique").on(table.bankReference),
    check("prize_claims_amounts_add_up", sql`${table.grossPaise} > 0 and ${table.taxPaise} >= 0 and ${table.netPaise} >= 0 and ${table.grossPaise} = ${table.taxPaise} + ${table.netPaise}`),
    index("prize_claims_pan_hash_idx").on(table.panHash),
    check("prize_claims_hold_has_reason", sql`(${table.heldAt} is null) = (${table.heldReason} is null)`),
    check("prize_claims_paid_has_reference", sql`(${table.status} = 'paid') = (${table.paidAt} is not null and ${table.bankReference} is not null)`),
  ],
);

/** A free-pass prize turned into a wallet credit of one entry fee: once per quiz and participant, whatever revisions follow. */
export const freePassRedemptions = pgTable(
  "free_pass_redemptions",
  {
    quizId: uuid("quiz_id").notNull(),
    /** The version of the results whose row granted the free pass. */
    revision: integer("revision").notNull().default(1),
    participantId: uuid("participant_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "restrict" }),
    redeemedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.quizId, table.participantId] }),
    foreignKey({ name: "free_pass_redemptions_result_row_fk", columns: [table.quizId, table.revision, table.participantId], foreignColumns: [resultRows.quizId, resultRows.revision, resultRows.participantId] }).onDelete("restrict"),
  ],
);

/**
 * Append-only record of every admin decision that touches money, questions, keys, results or
 * roles: who, when, what, and the subject before and after. A trigger refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "restrict" }),
    /** e.g. payment.verify, question.update, key.decide, results.publish, attempt.disqualify, user.role */
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason"),
    createdAt: createdAt(),
    /**
     * HMAC over this entry's content and the previous entry's chainHmac (lib/audit/chain.ts), keyed
     * by the app's secret, which the database never holds: a row written with the database login
     * alone breaks the chain at that row. Null only for entries written before the chain began.
     */
    chainHmac: text("chain_hmac"),
  },
  (table) => [
    index("audit_log_created_idx").on(table.createdAt),
    index("audit_log_subject_idx").on(table.subjectType, table.subjectId),
    index("audit_log_actor_idx").on(table.actorId, table.createdAt),
    index("audit_log_action_idx").on(table.action, table.createdAt),
  ],
);

/**
 * A participant's certificate for a version of a quiz's published results, created on its first
 * download (one per participant, quiz and version: a revision's certificate is a new one, and
 * the superseded one's page says so). The verification id is 128 random bits in base64url:
 * the public page is found only through the certificate's QR code, never by guessing.
 */
export const certificates = pgTable(
  "certificates",
  {
    verificationId: text("verification_id").primaryKey(),
    quizId: uuid("quiz_id").notNull(),
    revision: integer("revision").notNull().default(1),
    participantId: uuid("participant_id").notNull(),
    issuedAt: utc("issued_at").notNull().defaultNow(),
  },
  (table) => [
    unique("certificates_one_per_version").on(table.quizId, table.revision, table.participantId),
    foreignKey({ columns: [table.quizId, table.revision, table.participantId], foreignColumns: [resultRows.quizId, resultRows.revision, resultRows.participantId], name: "certificates_result_row_fk" }).onDelete("restrict"),
    check("certificates_verification_id_format", sql`${table.verificationId} ~ '^[A-Za-z0-9_-]{22}$'`),
  ],
);

export const gatewayOrderPurpose = pgEnum("gateway_order_purpose", ["entry_fee", "top_up"]);
export const gatewayPaymentStatus = pgEnum("gateway_payment_status", ["captured", "failed"]);
export const gatewayRefundStatus = pgEnum("gateway_refund_status", ["pending", "processed", "failed"]);

/**
 * An order the app created at the payment gateway (issue 54): the amount is the quiz's fee or the
 * top-up asked for, fixed here, never taken from the browser. An open entry-fee order holds a seat
 * until it expires; it is paid once, by the ledger row its captured payment became.
 */
export const gatewayOrders = pgTable(
  "gateway_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    gatewayOrderId: text("gateway_order_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    purpose: gatewayOrderPurpose("purpose").notNull(),
    quizId: uuid("quiz_id").references(() => quizzes.id, { onDelete: "restrict" }),
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull().default("INR"),
    expiresAt: utc("expires_at").notNull(),
    /** The ledger row the order's captured payment became (an entry fee, or a wallet credit). */
    paidTransactionId: uuid("paid_transaction_id").references(() => transactions.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("gateway_orders_gateway_order_unique").on(table.gatewayOrderId),
    uniqueIndex("gateway_orders_paid_transaction_unique").on(table.paidTransactionId),
    index("gateway_orders_quiz_open_idx").on(table.quizId, table.expiresAt).where(sql`${table.paidTransactionId} is null`),
    index("gateway_orders_user_idx").on(table.userId, table.createdAt),
    check("gateway_orders_amount_positive", sql`${table.amountPaise} > 0`),
    check("gateway_orders_entry_fee_names_quiz", sql`(${table.purpose} = 'entry_fee') = (${table.quizId} is not null)`),
  ],
);

/**
 * A payment the gateway reported, by its own id: recorded once (the key), whether the signed
 * webhook or the gateway's API told of it first. A captured one names the ledger row it credited;
 * a failed one never does. `proof` keeps what the gateway said (the webhook's body and signature,
 * or the checkout's signature and the API's answer); `app_signature` is the app's own signature
 * over the fields the books rely on, which a row written with the database login alone lacks.
 */
export const gatewayPayments = pgTable(
  "gateway_payments",
  {
    gatewayPaymentId: text("gateway_payment_id").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => gatewayOrders.id, { onDelete: "restrict" }),
    status: gatewayPaymentStatus("status").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull(),
    method: text("method"),
    /** The gateway's reason for a failed payment, as it gave it. */
    failureReason: text("failure_reason"),
    proof: jsonb("proof").notNull(),
    transactionId: uuid("transaction_id").references(() => transactions.id, { onDelete: "restrict" }),
    appSignature: text("app_signature").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // A failed payment can still be captured later (a late authorisation): each state is told once.
    primaryKey({ columns: [table.gatewayPaymentId, table.status] }),
    uniqueIndex("gateway_payments_transaction_unique").on(table.transactionId),
    index("gateway_payments_order_idx").on(table.orderId, table.createdAt),
    check("gateway_payments_captured_credits", sql`(${table.status} = 'captured') = (${table.transactionId} is not null)`),
    check("gateway_payments_amount_positive", sql`${table.amountPaise} > 0`),
  ],
);

/** Each webhook delivery's event id, once: a replay of an event already seen changes nothing. Append-only. */
export const gatewayEvents = pgTable("gateway_events", {
  eventId: text("event_id").primaryKey(),
  event: text("event").notNull(),
  /** What the app did with it: applied, or why it changed nothing. */
  outcome: text("outcome").notNull(),
  receivedAt: utc("received_at").notNull().defaultNow(),
});

/**
 * Money given back through the gateway's refund API: the wallet debit it moves (pending until the
 * gateway says the refund is processed, rejected if it failed), once per refund id.
 */
export const gatewayRefunds = pgTable(
  "gateway_refunds",
  {
    gatewayRefundId: text("gateway_refund_id").primaryKey(),
    /** The captured payment it gives back, whole: once. */
    gatewayPaymentId: text("gateway_payment_id").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    status: gatewayRefundStatus("status").notNull(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("gateway_refunds_transaction_unique").on(table.transactionId),
    uniqueIndex("gateway_refunds_one_per_payment").on(table.gatewayPaymentId),
    check("gateway_refunds_amount_positive", sql`${table.amountPaise} > 0`),
  ],
);

/** A settlement report the gateway gave (its CSV), kept whole, line by line. Append-only. */
export const gatewaySettlementReports = pgTable("gateway_settlement_reports", {
  id: uuid("id").primaryKey().defaultRandom(),
  fileName: text("file_name"),
  lineCount: integer("line_count").notNull(),
  uploadedById: uuid("uploaded_by_id").references(() => users.id, { onDelete: "restrict" }),
  uploadedAt: utc("uploaded_at").notNull().defaultNow(),
});

/**
 * One settled payment or refund: what the gateway paid to (or took from) the bank, and its fee and
 * tax. An entity is settled once (unique), whatever reports overlap; each line posts its entry.
 */
export const gatewaySettlementLines = pgTable(
  "gateway_settlement_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reportId: uuid("report_id")
      .notNull()
      .references(() => gatewaySettlementReports.id, { onDelete: "restrict" }),
    lineNumber: integer("line_number").notNull(),
    /** pay_… or rfnd_… */
    entityId: text("entity_id").notNull(),
    kind: text("kind", { enum: ["payment", "refund"] }).notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    /** The gateway's charge including its tax; `tax_paise` is the tax part of it. */
    feePaise: bigint("fee_paise", { mode: "number" }).notNull(),
    taxPaise: bigint("tax_paise", { mode: "number" }).notNull(),
    settlementId: text("settlement_id").notNull(),
    settlementUtr: text("settlement_utr"),
    settledAt: utc("settled_at").notNull(),
    raw: text("raw").notNull(),
  },
  (table) => [
    uniqueIndex("gateway_settlement_lines_entity_unique").on(table.entityId),
    unique("gateway_settlement_lines_report_line_unique").on(table.reportId, table.lineNumber),
    check("gateway_settlement_lines_amount_positive", sql`${table.amountPaise} > 0`),
    check("gateway_settlement_lines_fee_within_amount", sql`${table.feePaise} >= 0 and ${table.taxPaise} >= 0 and ${table.taxPaise} <= ${table.feePaise} and ${table.feePaise} < ${table.amountPaise}`),
  ],
);
