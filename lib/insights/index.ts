import "server-only";

/**
 * Insights for organisers (the admin panel's Overview): registrations, payments and revenue by day,
 * payments waiting for review, seats left, and for finished quizzes the score distribution and an
 * item analysis that flags a likely wrong key before results are out.
 */
export { activityByDay, finishedQuizzes, insightCsv, itemAnalysis, pendingVerifications, scoreDistribution, seatsLeft } from "./service";
export { insightQueries } from "./queries";
export * from "./schemas";
