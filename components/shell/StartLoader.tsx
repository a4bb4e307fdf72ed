"use client";

import { useEffect, useState } from "react";

const LOADER_MS = 1000;

/** The spec's one-second start loader; it never blocks the page underneath from rendering. */
export function StartLoader({ label }: { label: string }) {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), LOADER_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!visible) return null;
  return (
    <div
      role="status"
      aria-label={label}
      data-testid="start-loader"
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/90"
    >
      <span className="h-12 w-12 animate-spin rounded-full border-4 border-brand border-t-transparent" />
    </div>
  );
}
