"use client";

import { useEffect, useState } from "react";
import { usePrefersReducedMotion } from "@/components/ui/usePrefersReducedMotion";

const SHOW_AFTER_PX = 300;

export function BackToTop({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: reducedMotion ? "instant" : "smooth" })}
      className="fixed right-4 bottom-4 z-40 rounded-full bg-brand px-4 py-3 text-sm font-semibold text-white shadow-lg focus:outline-none focus-visible:ring-4 focus-visible:ring-brand/40"
    >
      <span aria-hidden="true">↑ </span>{label}
    </button>
  );
}
