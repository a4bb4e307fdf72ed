/**
 * The sentences a participant or admin reads after an action, in one place: route handlers
 * answer with them, services throw domain errors carrying them, and the browser's forms show
 * the same texts. Services return data, never these.
 */
import { formatIndiaDateTime } from "./format";

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

// Uploads
export const FILE_TOO_LARGE = "The file size exceeds the 5 MB limit. Please upload a smaller file.";
export const NOT_AN_IMAGE = "Please upload an image file (JPEG, PNG, WebP or GIF).";

// Payments and the wallet
export const PROOF_AND_NAME_REQUIRED = "Please upload payment proof screenshot and bank username.";
export const FIELDS_REQUIRED = "Please fill in all the required fields.";
export const VERIFIED_IS_FINAL = "This transaction has already been verified and cannot be changed.";
export const WITHDRAWAL_TOO_LARGE = "Withdrawal amount cannot exceed wallet balance.";
export const VERIFY_EMAIL_TO_WITHDRAW = "Please confirm your email address before withdrawing: use the link we mailed you, or ask for a new one on your dashboard.";

// Quizzes and the question bank
export const DATES_OUT_OF_ORDER = "Dates must be in order: registration opens ≤ registration closes ≤ exam date ≤ result date.";
export const OPTION_INDEX_RANGE = "The correct option index must be between 0 and 3.";
export const QUIZ_IN_USE = "This quiz has payments or responses, so it cannot be deleted.";
export const QUESTION_IN_USE = "This question is used by a quiz or has been answered, so it cannot be deleted.";

// The exam
export const TIME_UP = "Time is up: the answers you saved were submitted.";
export const ALREADY_SUBMITTED = "You have already submitted this quiz.";

/** Why a participant may not take a quiz now: the exam service says which, this says it in words. */
export type ExamRefusal = { reason: "no-quiz" | "submitted" | "not-paid" | "closed" } | { reason: "not-open"; opensAt: Date };

export function examRefusalMessage(refusal: ExamRefusal): string {
  switch (refusal.reason) {
    case "no-quiz":
      return "This quiz does not exist.";
    case "submitted":
      return ALREADY_SUBMITTED;
    case "not-paid":
      return "Your entry fee for this quiz has not been verified yet. Pay from your dashboard, or wait for the verification.";
    case "not-open":
      return `The exam opens on ${formatIndiaDateTime(refusal.opensAt)}.`;
    case "closed":
      return "The exam window for this quiz has closed.";
  }
}

// Blog
export const ALL_FIELDS_REQUIRED = "All fields are required";
