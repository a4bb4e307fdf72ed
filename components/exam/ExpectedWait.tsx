"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";

const secondsUntil = (turnAt: number) => Math.max(0, Math.ceil((turnAt - Date.now()) / 1000));

/**
 * The wait until a queued start's turn, counted down each second from the server's answer (a new
 * answer is a new turn: the page keys this by it). A timer, not a live region: screen readers hear
 * the server's note once per answer (the status above), not a number every second, and read this
 * one when they reach it.
 */
export function ExpectedWait({ turnAt }: { turnAt: number }) {
  const t = useTranslations("exam.start");
  const [seconds, setSeconds] = useState(() => secondsUntil(turnAt));
  useEffect(() => {
    const ticking = window.setInterval(() => setSeconds(secondsUntil(turnAt)), 1000);
    return () => window.clearInterval(ticking);
  }, [turnAt]);
  return (
    <p role="timer" className="text-sm font-medium text-slate-700">
      {t("expectedWait", { seconds })}
    </p>
  );
}
