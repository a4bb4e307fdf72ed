/** Debian's Chromium: Playwright's own browser download is not reachable from these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's Chromium headless shell, the same engine without the desktop browser around it: the
 * journeys use it, as it takes little more than half the CPU the full browser does on two cores.
 * What it lacks (notifications and push) the push journey takes from the full browser.
 */
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/** Without the background-networking flags Chromium keeps reaching for hosts this sandbox cannot reach. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
