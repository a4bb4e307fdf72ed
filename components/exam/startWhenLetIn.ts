import { ApiError, callApi } from "@/lib/client";
import type { ExamView } from "@/lib/exam";
import { withPaper } from "./withPaper";

/**
 * Asks the server to start (or resume) the attempt. When a whole hall presses Start at once the
 * server may answer 503 with the turn to come back at: the page waits for it, saying so, and
 * asks again (a second at random on top, so a refused crowd does not return as one), unless the
 * participant has left the page meanwhile: then the 503 stands and nothing is started. Then the
 * exam paper, when any question has formulas or tables.
 */
export async function startWhenLetIn(quizId: string, { onQueued, hasLeft }: { onQueued: (note: string, turnAt: number) => void; hasLeft: () => boolean }): Promise<ExamView> {
  for (;;) {
    try {
      const view = await callApi<ExamView>(`/api/exam/${quizId}/start`, { method: "POST" });
      return await withPaper(quizId, view);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 503 && error.retryAfterSeconds !== undefined && error.serverMessage)) throw error;
      const turnInSeconds = error.retryAfterSeconds;
      onQueued(error.serverMessage, Date.now() + turnInSeconds * 1000);
      await new Promise((resolve) => setTimeout(resolve, (turnInSeconds + Math.random()) * 1000));
      if (hasLeft()) throw error;
    }
  }
}
