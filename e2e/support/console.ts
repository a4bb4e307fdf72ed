import type { Page } from "@playwright/test";

/**
 * Every error the browser's console shows for the page, as a reader with the developer tools
 * open (or Lighthouse) sees them: console.error, uncaught exceptions, the browser's own (a load
 * the Content Security Policy refuses), and a refusal of something the page caught, which
 * reaches no console line but fires its event (a library's probe for eval, say).
 */
export async function collectConsoleErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP refused ${event.effectiveDirective}: ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`)),
  );
  return errors;
}
