import { ApiError, callApi } from "@/lib/client";
import type { ExamView } from "@/lib/exam";
import { withPaper } from "./withPaper";

/**
 * Asks the server to start (or resume) the attempt. When a whole hall presses Start at once the
 * server may answer 503 with the turn to come back at: the page waits for it, saying so, and
 * asks again (a second at random on top, so a refused crowd does not return as one) with the place
 * in line the server gave it, so that back too soon it keeps that place, unless the
 * participant has left the page meanwhile: then the 503 stands and nothing is started. Then the
 * exam paper, when any question has formulas or tables.
 */
export async function startWhenLetIn(quizId: string, { onQueued, hasLeft }: { onQueued: (note: string, turnAt: number) => void; hasLeft: () => boolean }): Promise<ExamView> {
  let placeInLine: string | undefined;
  for (;;) {
    try {
      const view = await callApi<ExamView>(`/api/exam/${quizId}/start`, { method: "POST", placeInLine });
      return await withPaper(quizId, view);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 503 && error.retryAfterSeconds !== undefined && error.serverMessage)) throw error;
      const turnInSeconds = error.retryAfterSeconds;
      placeInLine = error.placeInLine ?? placeInLine;
      onQueued(error.serverMessage, Date.now() + turnInSeconds * 1000);
      await new Promise((resolve) => setTimeout(resolve, (turnInSeconds + Math.random()) * 1000));
      if (hasLeft()) throw error;
    }
  }
}
