import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { DemoQuestion } from "@/lib/quizzes";
import { parseProgress, PROGRESS_KEY, type DemoProgress } from "./progress";

/**
 * localStorage is the single source of truth for the demo, read through useSyncExternalStore:
 * a reload, or another tab, shows exactly what was saved.
 */
const listeners = new Set<() => void>();
/** Only for browsers that refuse storage altogether: the demo still runs in this tab. */
let memoryCopy: string | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function readSaved(): string | null {
  try {
    return window.localStorage.getItem(PROGRESS_KEY);
  } catch {
    return memoryCopy;
  }
}

/** undefined until the browser has been read (the server cannot know what was saved). */
const notReadYet = () => undefined;

export function useSavedProgress(questions: readonly DemoQuestion[]) {
  const raw = useSyncExternalStore(subscribe, readSaved, notReadYet);
  const progress = useMemo(() => (raw === undefined ? undefined : parseProgress(raw, questions)), [raw, questions]);

  const save = useCallback((next: DemoProgress) => {
    memoryCopy = JSON.stringify(next);
    try {
      window.localStorage.setItem(PROGRESS_KEY, memoryCopy);
    } catch {
      // Storage refused: readSaved falls back to memoryCopy.
    }
    listeners.forEach((listener) => listener());
  }, []);

  return [progress, save] as const;
}
