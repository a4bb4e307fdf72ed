import { useSyncExternalStore } from "react";

const neverChanges = () => () => undefined;

/**
 * False in the server's HTML and until React has taken the page over, then true. A button that
 * only works through its click handler stays disabled until then, so a tap on a slow phone is
 * not silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(neverChanges, () => true, () => false);
}
