import type { Instrumentation } from "next";

/**
 * Starts the database (embedded by default), migrates and seeds before the first request, then
 * the background-job workers and the graceful shutdown. Not during `next build`: building must
 * never need or touch a database.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    try {
      // Next prints a page's render error (and its warnings) as multi-line text: one JSON line instead.
      const { log, routeConsoleToLog } = await import("@/lib/log");
      routeConsoleToLog(log);
      const { startServer } = await import("@/lib/server");
      // Exam day's calls, which the front door (lib/http/front-door.ts) answers with their own route
      // handlers instead of handing them to Next: the paper, a hall's starts, the saves, the clock,
      // focus events, recording slices and snapshots, and the submit. Imported here, where the edge
      // build leaves them out.
      const { servedAtTheDoor } = await import("@/lib/http");
      await startServer([
        servedAtTheDoor("GET", "/api/exam/[quizId]/paper", (await import("@/app/api/exam/[quizId]/paper/route")).GET),
        servedAtTheDoor("POST", "/api/exam/[quizId]/start", (await import("@/app/api/exam/[quizId]/start/route")).POST),
        servedAtTheDoor("PUT", "/api/exam/[quizId]/answers", (await import("@/app/api/exam/[quizId]/answers/route")).PUT),
        servedAtTheDoor("PUT", "/api/exam/[quizId]/answers/batch", (await import("@/app/api/exam/[quizId]/answers/batch/route")).PUT),
        servedAtTheDoor("GET", "/api/exam/[quizId]/clock", (await import("@/app/api/exam/[quizId]/clock/route")).GET),
        servedAtTheDoor("POST", "/api/exam/[quizId]/focus-events", (await import("@/app/api/exam/[quizId]/focus-events/route")).POST),
        servedAtTheDoor("POST", "/api/wasabi/upload-exam-chunk", (await import("@/app/api/wasabi/upload-exam-chunk/route")).POST),
        servedAtTheDoor("POST", "/api/wasabi/upload-snapshot", (await import("@/app/api/wasabi/upload-snapshot/route")).POST),
        servedAtTheDoor("POST", "/api/exam/[quizId]/submit", (await import("@/app/api/exam/[quizId]/submit/route")).POST),
      ]);
    } catch (error) {
      // Any failed start ends the process with a status a process manager sees: Next would log it
      // and go on answering every request with an error. A wrong setting needs no stack.
      if (error instanceof Error && error.name === "ConfigurationError") console.error(error.message);
      else console.error("the server did not start", error);
      process.exit(1);
    }
  }
}

/** Errors Next catches while rendering pages, as JSON lines carrying the request id. */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { errorFields, log } = await import("@/lib/log");
  const requestId = request.headers["x-request-id"];
  log.error({ requestId: Array.isArray(requestId) ? requestId[0] : requestId, path: request.path.split("?")[0], routeType: context.routeType, ...errorFields(error) }, "request failed");
};
