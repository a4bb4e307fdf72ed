"use client";

import { useBlogFailureTexts } from "@/components/blog/BlogFailureTexts";
import { secondaryButtonClass } from "@/components/ui/form";

/** The blog reader's failure text (SPEC §8), with a way to try again. */
export default function BlogError({ retry }: { retry: () => void }) {
  const t = useBlogFailureTexts();
  return (
    <div className="flex flex-col items-start gap-4">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">{t.errorLoading}</p>
      <button type="button" className={secondaryButtonClass} onClick={() => retry()}>{t.tryAgain}</button>
    </div>
  );
}
