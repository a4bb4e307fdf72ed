/**
 * The sentences a participant or admin reads after an action, in one place: route handlers
 * answer with them, services throw domain errors carrying them, and the browser's forms show
 * the same texts. Services return data, never these.
 */

// Accounts
export const RESET_REQUESTED = "If an account exists for this email, we have sent a link to reset the password. It works for one hour.";
export const RESET_LINK_INVALID = "This reset link is invalid or has expired. Please ask for a new one.";
export const PASSWORD_RESET_DONE = "Your password has been reset. You can now log in with the new password.";
