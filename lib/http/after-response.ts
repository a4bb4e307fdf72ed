import { after } from "next/server";
import { errorFields, log } from "@/lib/log";

/**
 * Runs small follow-up work (counting a page view) after the response is sent. Outside a Next
 * request (tests, scripts) there is no response to wait for, so it starts at once.
 */
export function afterResponse(task: () => Promise<unknown>): void {
  const run = () => task().catch((error: unknown) => log.error(errorFields(error), "after-response task failed"));
  try {
    after(run);
  } catch {
    void run();
  }
}
