"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { formatDuration } from "@/lib/format";

/** At zero the server is asked again, and again after this while it still says "not yet". */
const ASK_AGAIN_MS = 5_000;

function secondsUntil(opensAt: Date, now: number): number {
  return Math.max(0, Math.ceil((opensAt.getTime() - now) / 1000));
}

/**
 * Time left until the exam window opens, on the day itself. It counts from the server's clock
 * (the browser's may be off) and, at zero, re-renders the page so the server decides whether
 * the card now offers Start. A timer is not a live region: screen readers read it when asked,
 * not on every tick.
 */
export function ExamCountdown({ opensAt, serverNow }: { opensAt: Date; serverNow: Date }) {
  const t = useTranslations("dashboard.action");
  const router = useRouter();
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(opensAt, serverNow.getTime()));

  useEffect(() => {
    const skew = serverNow.getTime() - Date.now();
    let askedAt = 0;
    const timer = setInterval(() => {
      const left = secondsUntil(opensAt, Date.now() + skew);
      setSecondsLeft(left);
      if (left === 0 && Date.now() - askedAt >= ASK_AGAIN_MS) {
        askedAt = Date.now();
        router.refresh();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [opensAt, serverNow, router]);

  return (
    <p role="timer" className="text-center text-sm text-slate-700">
      {t.rich("startsIn", {
        time: formatDuration(secondsLeft),
        value: (chunks) => <span className="font-semibold tabular-nums text-slate-900">{chunks}</span>,
      })}
    </p>
  );
}
