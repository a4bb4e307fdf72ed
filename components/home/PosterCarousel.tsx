"use client";

import { useEffect, useState } from "react";
import { usePrefersReducedMotion } from "@/components/ui/usePrefersReducedMotion";

export interface Poster {
  src: string;
  alt: string;
  /** The label of the dot that shows it ("Show poster 2 of 3"). */
  dotLabel: string;
}

/**
 * Rotates posters every `intervalMs`; pauses while hovered or focused so it can be read, and stays
 * still for a reader who asked for reduced motion (the dots still change the poster).
 */
export function PosterCarousel({ posters, roleDescription, intervalMs, priority = false }: { posters: Poster[]; roleDescription: string; intervalMs: number; priority?: boolean }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    if (paused || reducedMotion || posters.length < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % posters.length), intervalMs);
    return () => clearInterval(timer);
  }, [paused, reducedMotion, posters.length, intervalMs]);

  return (
    <div
      className="relative overflow-hidden rounded-xl bg-slate-200"
      aria-roledescription={roleDescription}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {posters.map((poster, position) => (
        <div key={poster.src} aria-hidden={position !== index} className={position === index ? "block" : "hidden"}>
          {/* The posters are SVG, which next/image would pass through untouched: its script is not worth sending for them. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={poster.src} alt={poster.alt} width={1200} height={600} fetchPriority={priority && position === 0 ? "high" : "auto"} loading={priority || position === 0 ? "eager" : "lazy"} className="h-auto w-full" />
        </div>
      ))}
      {posters.length > 1 && (
        <div className="absolute right-0 bottom-2 left-0 flex justify-center gap-2">
          {posters.map((poster, position) => (
            <button
              key={poster.src}
              type="button"
              aria-label={poster.dotLabel}
              aria-current={position === index}
              onClick={() => setIndex(position)}
              // A 24 px target around a 12 px dot: big enough for a thumb (WCAG 2.5.8).
              className="flex h-6 w-6 items-center justify-center rounded-full"
            >
              <span className={`h-3 w-3 rounded-full border border-white ${position === index ? "bg-white" : "bg-white/40"}`} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
