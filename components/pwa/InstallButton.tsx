"use client";

import { useSyncExternalStore } from "react";

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setOffer(next: BeforeInstallPromptEvent | null) {
  offer = next;
  for (const listener of listeners) listener();
}

// Listening from when this module loads, not from when the button mounts: the browser may make
// its offer before the page has hydrated, and it makes it only once.
if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    setOffer(event as BeforeInstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => setOffer(null));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Shown only when the browser offers to install the app. */
export function InstallButton({ className, label }: { className: string; label: string }) {
  const current = useSyncExternalStore(subscribe, () => offer, () => null);
  if (!current) return null;
  return (
    <button
      type="button"
      className={className}
      onClick={async () => {
        await current.prompt();
        await current.userChoice;
        setOffer(null);
      }}
    >
      {label}
    </button>
  );
}
