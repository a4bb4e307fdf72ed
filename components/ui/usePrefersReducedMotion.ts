import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/** True when the reader asked their system for less motion: nothing then moves by itself. */
export function usePrefersReducedMotion(): boolean {
  // The server cannot know: it renders as if reduced, so nothing starts moving before hydration asks.
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => true);
}
