"use client";

import { useEffect, useRef, useState } from "react";
import { usePrefersReducedMotion } from "@/components/ui/usePrefersReducedMotion";
import type { Poster, PosterWords } from "./posterWords";

/**
 * Rotates posters every `intervalMs`; pauses while hovered or focused so it can be read, and stays
 * still for a reader who asked for reduced motion (the dots still change the poster).
 *
 * `dotsInTabOrder` false (the dashboard's cards, each allowed few tab stops): the dots are for the
 * pointer only, and the carousel holds still while focus is anywhere in the card around it, so a
 * keyboard user can still stop it to read (WCAG 2.2.2) without a stop of its own.
 */
export function PosterCarousel({
  posters,
  roleDescription,
  intervalMs,
  priority = false,
  dotsInTabOrder = true,
}: {
  posters: Poster[];
  roleDescription: string;
  intervalMs: number;
  priority?: boolean;
  dotsInTabOrder?: boolean;
}) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const carouselRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const around = carouselRef.current?.parentElement;
    if (dotsInTabOrder || !around) return;
    const pause = () => setPaused(true);
    const resume = (event: FocusEvent) => {
      if (!around.contains(event.relatedTarget as Node | null)) setPaused(false);
    };
    around.addEventListener("focusin", pause);
    around.addEventListener("focusout", resume);
    return () => {
      around.removeEventListener("focusin", pause);
      around.removeEventListener("focusout", resume);
    };
  }, [dotsInTabOrder]);

  useEffect(() => {
    if (paused || reducedMotion || posters.length < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % posters.length), intervalMs);
    return () => clearInterval(timer);
  }, [paused, reducedMotion, posters.length, intervalMs]);

  return (
    <div
      ref={carouselRef}
      // The artwork's own ink behind the words until it loads, so they can be read from the first paint.
      className="@container relative overflow-hidden rounded-xl bg-indigo-950"
      aria-roledescription={roleDescription}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {posters.map((poster, position) => (
        // Taller than the artwork when narrow, and wherever the words need it (large text): the artwork then covers the box, cropped.
        <div key={poster.src} aria-hidden={position !== index} className={position === index ? "grid aspect-[3/2] @md:aspect-[2/1]" : "hidden"}>
          {/* The posters are SVG, which next/image would pass through untouched: its script is not worth sending for them. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={poster.src}
            alt=""
            width={1200}
            height={600}
            fetchPriority={priority && position === 0 ? "high" : "auto"}
            loading={priority || position === 0 ? "eager" : "lazy"}
            // Narrow, the words take the whole width: the artwork shows its plain left, so nothing drawn sits under them.
            className="col-start-1 row-start-1 h-full w-full object-cover object-left @md:object-right"
          />
          <PosterText words={poster.words} />
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
              tabIndex={dotsInTabOrder ? undefined : -1}
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

/** The words on the artwork's plain side (its drawing is on the right): light on its dark ink, the badge dark on amber. */
function PosterText({ words }: { words: PosterWords }) {
  return (
    <div className="col-start-1 row-start-1 flex min-w-0 flex-col justify-center gap-2 p-4 pb-10 break-words text-white @md:max-w-[58%] @md:p-6 @md:pb-10">
      <p className="text-xl font-extrabold @xs:text-2xl @md:text-4xl">{words.heading}</p>
      <p className="text-base font-medium text-indigo-100 @md:text-xl">{words.subheading}</p>
      {words.badge && <p className="self-start rounded-full bg-amber-500 px-3 py-1 text-sm font-bold text-indigo-950 @md:text-base">{words.badge}</p>}
      {words.note && <p className="text-sm text-indigo-100">{words.note}</p>}
    </div>
  );
}
