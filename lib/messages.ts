/**
 * The sentences a participant or admin reads after an action, in one place: route handlers
 * answer with them, services throw domain errors carrying them, and the browser's forms show
 * the same texts. Services return data, never these.
 */
import { formatIndiaDateTime } from "./format";
import { formatRupeesWithSymbol } from "./money";

// Accounts
export const TOO_MANY_REQUESTS = "Too many requests. Please wait a minute and try again.";
export const RESET_REQUESTED = "If an account exists for this email, we have sent a link to reset the password. It works for one hour.";
export const RESET_LINK_INVALID = "This reset link is invalid or has expired. Please ask for a new one.";
export const PASSWORD_RESET_DONE = "Your password has been reset. You can now log in with the new password.";

export const EMAIL_VERIFIED = "Thank you: your email address is confirmed.";
export const VERIFY_LINK_INVALID = "This confirmation link is invalid or has expired. Please ask for a new one from your dashboard.";
export const EMAIL_ALREADY_VERIFIED = "Your email address is already confirmed.";
export function verificationSent(email: string): string {
  return `We have sent a new confirmation link to ${email}.`;
}

export const DUPLICATE_EMAIL = "An account with this email already exists.";
export const INVALID_CREDENTIALS = "Invalid email or password.";
export const LOGGED_OUT = "Logged out.";

/** A wait in words: "40 seconds", "2 minutes". */
function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export function tooManyLoginFailures(retryAfterSeconds: number): string {
  return `Too many failed login attempts. Please try again in ${waitInWords(retryAfterSeconds)}.`;
}
export const LOGGED_OUT_EVERYWHERE = "You have been logged out on every device.";

/** The age rule in the words of every refusal: at sign-up, at Google's first visit, in the profile and at payment. */
export function ageRule(minimumAge: number): string {
  return `You must be ${minimumAge} or older to take part.`;
}

/** Paying with no date of birth on file: an account from before sign-up asked for it, or a Google one. */
export function dateOfBirthMissing(minimumAge: number): string {
  return `Please add your date of birth in your profile. ${ageRule(minimumAge)}`;
}

// Uploads
export const FILE_TOO_LARGE = "The file size exceeds the 5 MB limit. Please upload a smaller file.";
export const NOT_AN_IMAGE = "Please upload an image file (JPEG, PNG, WebP or GIF).";

// Payments and the wallet
export const PROOF_AND_NAME_REQUIRED = "Please upload payment proof screenshot and bank username.";
export const FIELDS_REQUIRED = "Please fill in all the required fields.";
export const VERIFIED_IS_FINAL = "This transaction has already been verified and cannot be changed.";
export const WITHDRAWAL_TOO_LARGE = "Withdrawal amount cannot exceed wallet balance.";
export const SEATS_TAKEN = "All seats for this quiz are taken.";
export const SEATS_HELD = "The remaining seats for this quiz are held by payments waiting for verification. Please try again later.";
export const SEATS_FULL_FOR_VERIFICATION = "All seats for this quiz are taken, so this payment cannot be verified. Reject it and refund the participant.";
export const NO_ENTRY_FEE = "This quiz has no entry fee, so there is nothing to pay.";
export const FREE_ENTRY_WITH_FEE = "A free-entry quiz cannot have an entry fee: set the entry fee to 0 or choose a paid model.";
export const CERTIFICATES_WITH_CASH = "A certificates-only quiz pays no cash: set the prize money to 0 and keep only free passes in the prize table.";
export const CASH_PRIZES_FORBIDDEN = "Cash prizes for paid entry are switched off on this site: choose free entry with sponsored prizes, or paid entry with certificates only.";
export const CONTEST_MODEL_LOCKED = "Registration for this quiz has opened, so its contest model can no longer change.";
export const NOT_FREE_ENTRY = "This quiz takes an entry fee: register by paying it.";
export const REGISTERED_FREE = "You are registered. The quiz starts on exam day from your dashboard.";
export const ALREADY_REGISTERED = "You are already registered for this quiz.";
export const PROOF_ALREADY_USED = "This screenshot is already the proof of another payment. Please upload the screenshot of this payment.";
export const UTR_REQUIRED = "Enter the 12-digit UPI transaction reference (UTR) from your payment app.";
export const UTR_FORMAT = "The UPI transaction reference (UTR) is exactly 12 digits. Please copy it from your payment app.";
export const ANOTHER_ENTRY_FEE_PENDING = "This participant has a newer payment for this quiz waiting for verification; review that one instead.";
export const PARTICIPANT_ALREADY_PAID = "This participant has already paid for this quiz.";
export const PAYMENT_SUPERSEDED = "The participant paid again after this payment was rejected, so it stays rejected. Review their newer payment instead.";
export const PAYMENT_STATUS_UPDATED = "Payment Status Updated successfully!";
export const REVIEW_FAILED = "Payment verification failed. Please try again.";
export const PAYMENT_REFUNDED = "The payment was refunded to the participant's wallet.";
export const ALREADY_REFUNDED = "This payment has already been refunded to the participant's wallet.";
export const REFUNDED_IS_FINAL = "This payment was refunded to the participant's wallet, so it cannot be changed.";
export const NOT_REFUNDABLE = "Only a second payment for a quiz the participant has already paid for can be refunded. Verify or reject this payment instead.";
export const REFUND_REASON_REQUIRED = "Please give the reason for the refund.";
export const REFUND_FAILED = "The refund failed. Please try again.";
export const VERIFY_EMAIL_TO_WITHDRAW = "Please confirm your email address before withdrawing: use the link we mailed you, or ask for a new one on your dashboard.";

// Quizzes and the question bank
export const DATES_OUT_OF_ORDER = "Dates must be in order: registration opens ≤ registration closes ≤ exam date ≤ result date.";
export const OPTION_INDEX_RANGE = "The correct option index must be between 0 and 3.";
export const HINDI_INCOMPLETE = "A Hindi version needs the question and all four options in Hindi: fill them all in, or leave them all empty.";
export const QUIZ_IN_USE = "This quiz has payments or responses, so it cannot be deleted.";
export const QUESTION_IN_USE = "This question is used by a quiz or has been answered, so it cannot be deleted.";
export const QUESTION_LOCKED = "This question is part of a quiz that participants have already started, so it cannot be changed. Corrections to a started exam need an answer-key change.";
export const DEMO_QUESTION_IN_PAID_QUIZ = "Some picked questions belong to the free demo, whose answers are public, so a paid quiz cannot use them.";
export const PAID_QUESTION_IN_DEMO = "Some picked questions belong to a paid quiz; the demo publishes its answers, so it cannot use them.";

// A quiz's prize table
export const PRIZE_RANKS_OVERLAP = "Prize rank ranges must not overlap: each rank can win only one prize.";
export const PRIZE_RANKS_ORDER = "A prize's first rank must not be after its last rank.";
export const CASH_PRIZE_POSITIVE = "A cash prize must be more than ₹0.";
export const PRIZES_LOCKED = "Registration for this quiz has opened, so its prize money and prize table can no longer change.";
export const PRIZES_LOCKED_NOTE = "Registration has opened, so the prize money and the prize table are fixed.";
export function prizeSumMismatch(cashPaise: number, prizeMoneyPaise: number): string {
  return `The cash prizes add up to ${formatRupeesWithSymbol(cashPaise)} but the prize money is ${formatRupeesWithSymbol(prizeMoneyPaise)}.`;
}

// Notifications
export const PUSH_SERVICE_NOT_SUPPORTED = "This browser's push service is not supported. Please try another browser.";

// The exam
export const TIME_UP = "Time is up: the answers you saved were submitted.";
export const ALREADY_SUBMITTED = "You have already submitted this quiz.";
export const NOT_WEBM = "The recording must be WebM video.";
export const RECORDING_CLOSED = "This exam has ended; no more recording is accepted.";
export const RECORDING_OUT_OF_ORDER = "This recording slice is out of order. Reload the page to continue recording.";
export const RECORDING_FULL = "This exam's recording has reached its size limit; nothing more can be stored.";
export const FOCUS_LOG_CLOSED = "This exam has been submitted; its proctoring log is closed.";
export const FOCUS_LOG_FULL = "This exam's proctoring log is full.";

/** Why a participant may not take a quiz now: the exam service says which, this says it in words. */
export type ExamRefusal = { reason: "no-quiz" | "submitted" | "not-paid" | "not-registered" | "closed" } | { reason: "not-open"; opensAt: Date };

export function examRefusalMessage(refusal: ExamRefusal): string {
  switch (refusal.reason) {
    case "no-quiz":
      return "This quiz does not exist.";
    case "submitted":
      return ALREADY_SUBMITTED;
    case "not-paid":
      return "Your entry fee for this quiz has not been verified yet. Pay from your dashboard, or wait for the verification.";
    case "not-registered":
      return "You are not registered for this free quiz. Register free from your dashboard while registration is open.";
    case "not-open":
      return `The exam opens on ${formatIndiaDateTime(refusal.opensAt)}.`;
    case "closed":
      return "The exam window for this quiz has closed.";
  }
}

// Results
/** Publishing waits for the last attempt that may still be running (a late starter's deadline). */
export function resultsWaitForAttempts(lastDeadline: Date): string {
  return `Participants are still taking this quiz. Results can be published after ${formatIndiaDateTime(lastDeadline)}, when the last attempt ends.`;
}

// Answer key and objections
export const KEY_BEFORE_EXAM_END = "The answer key can be published once the exam window has closed.";
export const KEY_ALREADY_PUBLISHED = "The provisional answer key is already published.";
export const KEY_NOT_PUBLISHED = "The provisional answer key has not been published yet.";
export const KEY_PUBLISHED = "Provisional answer key published. Participants can now see it and object.";
export const KEY_FROZEN = "Results are already published; the answer key can no longer change.";
export const KEY_UNCHANGED = "Choose an option different from the current key, or keep the key.";
export const KEY_DECIDED = "Decision saved. Every attempt of the quiz has been rescored.";
export const OBJECTION_SENT = "Your objection has been sent. You will be notified of the decision.";
export const OBJECTION_WINDOW_CLOSED = "The window for objections to this answer key has closed.";
export const ALREADY_OBJECTED = "You have already objected to this question.";
export const OBJECTION_NEEDS_ATTEMPT = "Only participants who submitted this quiz can object to its answer key.";
export const OBJECTION_EVIDENCE_MISSING = "Please choose an image to support your objection.";
export const OBJECTIONS_UNDECIDED = "Some objections to the answer key are still undecided. Decide every objection before publishing results.";

/** Publishing the key waits for the last attempt that may still be running, as results do. */
export function keyWaitsForAttempts(lastDeadline: Date): string {
  return `Participants are still taking this quiz. The answer key can be published after ${formatIndiaDateTime(lastDeadline)}, when the last attempt ends.`;
}

export function objectionWindowRunning(closesAt: Date): string {
  return `Participants may object to the answer key until ${formatIndiaDateTime(closesAt)}. Results can be published after that.`;
}

/** What an objector is told once an admin decides the question they objected to. */
export function keyDecisionNotice(quizTitle: string, questionNumber: number, decision: "keep" | "change" | "drop"): { title: string; body: string } {
  const outcome = {
    keep: "the answer key stays as it was",
    change: "the correct option has been changed and every attempt rescored",
    drop: "the question has been dropped and everyone gets its mark",
  }[decision];
  return { title: `Objection decided: ${quizTitle}`, body: `Question ${questionNumber}: ${outcome}.` };
}

// Blog
export const ALL_FIELDS_REQUIRED = "All fields are required";

// Integrity review: disqualification and appeals
export const DISQUALIFY_REASON_REQUIRED = "Please write why this attempt is disqualified (at least 10 characters).";
export const REINSTATE_REASON_REQUIRED = "Please write why this attempt is reinstated (at least 10 characters).";
export const APPEAL_TEXT_REQUIRED = "Please explain why the disqualification is wrong (at least 10 characters).";
export const APPEAL_RESPONSE_REQUIRED = "Please write the answer the participant will read (at least 10 characters).";
export const DISQUALIFY_NEEDS_SUBMISSION = "Only a submitted attempt can be disqualified.";
export const ALREADY_DISQUALIFIED = "This attempt is already disqualified.";
export const NOT_DISQUALIFIED = "This attempt is not disqualified.";
export const INTEGRITY_RESULTS_PUBLISHED = "Results are already published; disqualifications and appeals can no longer change.";
export const ATTEMPT_DISQUALIFIED = "The attempt has been disqualified. The participant has been told why.";
export const ATTEMPT_REINSTATED = "The attempt has been reinstated.";
export const APPEAL_NOT_ALLOWED = "Only a participant whose attempt was disqualified can appeal.";
export const ALREADY_APPEALED = "You have already appealed this disqualification.";
export const APPEAL_SENT = "Your appeal has been sent. You will be notified of the decision.";
export const NO_OPEN_APPEAL = "There is no undecided appeal for this attempt.";
export const APPEAL_DECIDED = "The appeal has been decided and the participant notified.";
export const APPEALS_UNDECIDED = "Results can be published once every appeal is decided.";

// Accommodations: extra time
export const EXTRA_TIME_REASON_REQUIRED = "Please write why this participant gets extra time (at least 10 characters).";
export const EXTRA_TIME_UNIT_REQUIRED = "Choose minutes or a percentage of the quiz duration.";
export const EXTRA_TIME_MINUTES_RANGE = "Extra time must be a whole number of minutes from 1 to 240.";
export const EXTRA_TIME_PERCENT_RANGE = "Extra time must be a whole percentage from 1 to 200.";
export const EXTRA_TIME_NOT_REGISTERED = "No participant with this email is registered for this quiz.";
export const EXTRA_TIME_SUBMITTED = "This participant has already submitted the quiz: extra time can no longer be granted or changed.";
export const EXTRA_TIME_TIME_UP = "This participant's time has already run out: extra time can no longer be granted or changed.";
export const NO_EXTRA_TIME = "This participant has no extra time on this quiz.";
export const EXTRA_TIME_GRANTED = "Extra time granted.";
export const EXTRA_TIME_REMOVED = "Extra time removed.";

/** What a participant is told when their attempt is disqualified. */
export function disqualificationNotice(quizTitle: string, reason: string): { title: string; body: string } {
  return { title: `Attempt disqualified: ${quizTitle}`, body: `Reason: ${reason} You may appeal once.` };
}

/** What a participant is told once an admin decides their appeal. */
export function appealDecisionNotice(quizTitle: string, outcome: "rejected" | "upheld"): { title: string; body: string } {
  return outcome === "upheld"
    ? { title: `Appeal upheld: ${quizTitle}`, body: "Your attempt has been reinstated and counts in the results." }
    : { title: `Appeal rejected: ${quizTitle}`, body: "Your attempt stays disqualified. Read the answer on the appeal page." };
}

/** What admins are told when a participant appeals. */
export function appealNotice(quizTitle: string, participantName: string): { title: string; body: string } {
  return { title: `New appeal: ${quizTitle}`, body: `${participantName} appealed the disqualification of their attempt.` };
}

export const CERTIFICATE_NOT_FOUND = "There is no certificate for you in this quiz: it is issued once its results are published.";
export const CERTIFICATE_REVOKED = "This certificate has been revoked.";

/** After a bank statement was matched against the pending UPI payments. */
export function statementMatched(matched: number, lines: number): string {
  const payments = matched === 1 ? "1 pending payment" : `${matched} pending payments`;
  return `${payments} matched the statement's ${lines} ${lines === 1 ? "line" : "lines"} by UTR and amount. Verify them when you are ready.`;
}

/** After "Verify all matched". */
export function matchedVerified(verified: number, refused: number): string {
  const done = verified === 1 ? "1 matched payment verified." : `${verified} matched payments verified.`;
  return refused ? `${done} ${refused} could not be verified; open them to see why.` : done;
}
export const RECONCILE_FAILED = "The statement could not be matched. Please try again.";

// Prize payout (lib/payouts).
export const PAYOUTS_NOT_CONFIGURED = "Prize claims are not open yet: the organisers have not configured secure storage for bank details. Please try again later.";
export const NO_CASH_PRIZE = "There is no cash prize to claim for you in this quiz.";
export const PRIZE_ALREADY_CLAIMED = "You have already claimed this prize.";
export const PRIZE_DISQUALIFIED = "A disqualified attempt cannot claim a prize.";
export const PRIZE_CLAIMED = "Your claim has been received. You will be paid once the organisers approve it.";
export const PRIZE_CLAIM_APPROVED = "The claim has been approved.";
export const PRIZE_CLAIM_PAID = "The claim has been marked paid and the payout and tax recorded.";
export const PRIZE_CLAIM_NOT_CLAIMED = "Only a new claim can be approved.";
export const PRIZE_CLAIM_NOT_APPROVED = "Only an approved claim can be marked paid.";
export const PRIZE_CLAIM_NOT_PAID = "The payout statement is ready once the prize has been paid.";
export const PRIZE_CLAIM_NOT_FOUND = "Prize claim not found.";
export const BANK_REFERENCE_USED = "This bank reference was already recorded for another payout.";
export const NO_FREE_PASS = "There is no free pass to redeem for you in this quiz.";
export const FREE_PASS_ALREADY_REDEEMED = "This free pass has already been redeemed.";
export const FREE_PASS_REDEEMED = "Your free pass has been added to your wallet as one entry fee.";

export function claimPeriodOver(days: number): string {
  return `The claim period of ${days} days after the results were published is over.`;
}
