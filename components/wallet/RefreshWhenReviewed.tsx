"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { ApiError, callApi } from "@/lib/client";

const FIRST_CHECK_MS = 5_000;
const LONGEST_WAIT_MS = 30_000;
const BACKOFF = 1.5;

/**
 * While some of the participant's payments wait for an admin, asks the server now and then
 * whether they still do, and re-renders the page (no reload) once one has been decided. It asks
 * only while the tab is visible, less often the longer it waits, and keeps nothing on the
 * server, so any instance can answer.
 */
export function RefreshWhenReviewed({ pending }: { pending: string[] }) {
  const router = useRouter();
  const waitingFor = pending.join(" ");

  useEffect(() => {
    if (!waitingFor) return;
    const ids = waitingFor.split(" ");
    let delay = FIRST_CHECK_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    let stopped = false;

    async function check() {
      timer = undefined;
      // Hidden: stop here; becoming visible asks again at once.
      if (document.visibilityState !== "visible") return;
      asking = true;
      try {
        const { pending: still } = await callApi<{ pending: string[] }>("/api/wallet/pending");
        if (!stopped && ids.some((id) => !still.includes(id))) router.refresh();
      } catch (error) {
        // Logged out or refused: asking again will not help. Offline or failing: later.
        if (error instanceof ApiError && error.status < 500) stopped = true;
      } finally {
        asking = false;
      }
      if (stopped) return;
      delay = Math.min(delay * BACKOFF, LONGEST_WAIT_MS);
      timer = setTimeout(check, delay);
    }

    function onVisibilityChange() {
      if (stopped || asking || document.visibilityState !== "visible") return;
      clearTimeout(timer);
      delay = FIRST_CHECK_MS;
      void check();
    }

    timer = setTimeout(check, delay);
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [waitingFor, router]);

  return null;
}
