/**
 * Starts the database (embedded by default), migrates and seeds before the first request,
 * then the sweeper that submits abandoned attempts at their deadline.
 * Not during `next build`: building must never need or touch a database.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { connectDatabase } = await import("@/lib/db");
    await connectDatabase();
    const { startOverdueAttemptSweeper } = await import("@/lib/exam/sweeper");
    startOverdueAttemptSweeper();
  }
}
