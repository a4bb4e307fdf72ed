import type { IntegrityFlag } from "@/lib/review";
import { counted as plural } from "./adminUi";

/** One flag in words: "5 focus losses (threshold 3)", "1 recording gap of 30 s or more". */
export function flagText(flag: IntegrityFlag): string {
  switch (flag.kind) {
    case "focus-loss":
      return `${plural(flag.count, "focus loss", "focus losses")} (threshold ${flag.threshold})`;
    case "fullscreen-exit":
      return `${plural(flag.count, "fullscreen exit", "fullscreen exits")} (threshold ${flag.threshold})`;
    case "copy-paste":
      return `${plural(flag.count, "copy/paste attempt", "copy/paste attempts")} (threshold ${flag.threshold})`;
    case "recording-gap":
      return `${plural(flag.count, "recording gap", "recording gaps")} of ${flag.threshold} s or more`;
  }
}

/** "Flagged for review: …" with every flag, or nothing when the response raised none. */
export function FlaggedForReview({ flags }: { flags: IntegrityFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
      <span aria-hidden="true">⚑ </span>Flagged for review: {flags.map(flagText).join("; ")}
    </p>
  );
}
