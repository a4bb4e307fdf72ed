import "server-only";

/** Accounts: sign-up and sign-in, password resets, profiles, referrals, and the admin's user search. */
export { deleteExpiredRecords } from "./cleanup";
export { assertOldEnough } from "./eligibility";
export { hashPassword } from "./password";
export { generateReferralCode } from "./referral-code";
export { changeRole, logOut, logOutEverywhere } from "./sessions";
export { needsEmailVerification, resendVerification, verifyEmail } from "./verification";
export { loginWithGoogle, loginWithPassword, register, requestPasswordReset, resetPassword } from "./sign-in";
export { deleteAccount, getProfile, referralStatus, searchUsers, updateProfile } from "./users";
export { chooseLanguage, savedLanguage } from "./language";
