import { useEffect, useState } from "react";
import { ExamLog, type FocusKind } from "./examLog";

/** SPEC §9: a focus loss longer than this is a long focus loss. */
const LONG_FOCUS_LOSS_MS = 5000;
/** SPEC §9: the stored log is checked against the in-memory one this often. */
const INTEGRITY_CHECK_MS = 1000;
const BATCH_MS = 5000;

/** Developer tools and reload shortcuts, on Windows/Linux (Ctrl) and macOS (Cmd, Cmd+Option). */
function blockedShortcut(event: KeyboardEvent): FocusKind | null {
  const command = event.ctrlKey || event.metaKey;
  if (event.key === "F12") return "devtools";
  if (command && (event.shiftKey || event.altKey) && ["KeyI", "KeyJ", "KeyC"].includes(event.code)) return "devtools";
  if (command && event.code === "KeyU") return "devtools";
  if (event.key === "F5" || (command && event.code === "KeyR")) return "refresh";
  return null;
}

function shortcutName(event: KeyboardEvent): string {
  const modifiers = [event.ctrlKey && "Ctrl", event.metaKey && "Meta", event.altKey && "Alt", event.shiftKey && "Shift"].filter(Boolean);
  return [...modifiers, event.key].join("+").slice(0, 50);
}

/**
 * Blocks and logs what SPEC §5 forbids during the exam (copy, cut, paste, right click,
 * developer tools, reload, leaving) and logs focus, visibility and full-screen changes.
 * Returns the log so the exam can flush it at submission.
 */
export function useProctoring(quizId: string, participantId: string, resuming: boolean): ExamLog {
  const [log] = useState(() => new ExamLog(quizId, `examLogs_${quizId}_${participantId}`));

  useEffect(() => {
    log.open(resuming);
    let blurredAt: number | null = null;

    const block = (kind: FocusKind) => (event: Event) => {
      event.preventDefault();
      log.record(kind);
    };
    const onCopy = block("copy");
    const onCut = block("cut");
    const onPaste = block("paste");
    const onContextMenu = block("context-menu");
    const onKeyDown = (event: KeyboardEvent) => {
      const kind = blockedShortcut(event);
      if (!kind) return;
      event.preventDefault();
      log.record(kind, { detail: shortcutName(event) });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      log.record("leave");
      // Asks the browser to confirm leaving; it shows its own wording.
      event.preventDefault();
    };
    const onPageHide = () => log.flushOnUnload();
    const onBlur = () => {
      blurredAt = Date.now();
      log.record("blur");
    };
    const onFocus = () => {
      if (blurredAt === null) return;
      const durationMs = Date.now() - blurredAt;
      blurredAt = null;
      if (durationMs > LONG_FOCUS_LOSS_MS) log.record("long-focus-loss", { durationMs });
    };
    const onVisibilityChange = () => {
      if (document.visibilityState !== "hidden") return;
      log.record("visibility-hidden");
      // The last moment a closing or reloading page reliably gets to send anything.
      log.flushOnUnload();
    };
    const onFullscreenChange = () => log.record(document.fullscreenElement ? "fullscreen-enter" : "fullscreen-exit");

    const documentListeners: [string, EventListener][] = [
      ["copy", onCopy],
      ["cut", onCut],
      ["paste", onPaste],
      ["contextmenu", onContextMenu],
      ["visibilitychange", onVisibilityChange],
      ["fullscreenchange", onFullscreenChange],
    ];
    const windowListeners: [string, EventListener][] = [
      ["beforeunload", onBeforeUnload as EventListener],
      ["pagehide", onPageHide],
      ["blur", onBlur],
      ["focus", onFocus],
    ];
    for (const [type, listener] of documentListeners) document.addEventListener(type, listener);
    for (const [type, listener] of windowListeners) window.addEventListener(type, listener);
    // Capture phase: the shortcut is stopped before anything on the page can act on it.
    window.addEventListener("keydown", onKeyDown, true);
    const integrity = window.setInterval(() => log.checkIntegrity(), INTEGRITY_CHECK_MS);
    const batches = window.setInterval(() => void log.flush(), BATCH_MS);

    return () => {
      for (const [type, listener] of documentListeners) document.removeEventListener(type, listener);
      for (const [type, listener] of windowListeners) window.removeEventListener(type, listener);
      window.removeEventListener("keydown", onKeyDown, true);
      window.clearInterval(integrity);
      window.clearInterval(batches);
    };
  }, [log, resuming]);

  return log;
}
