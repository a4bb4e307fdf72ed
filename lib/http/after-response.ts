import { after } from "next/server";

/**
 * Runs slow follow-up work (web-push fan-out) after the response is sent. Outside a Next
 * request (tests, scripts) there is no response to wait for, so it starts at once.
 */
export function afterResponse(task: () => Promise<unknown>): void {
  const run = () => task().catch((error: unknown) => console.error("background task failed:", error));
  try {
    after(run);
  } catch {
    void run();
  }
}
