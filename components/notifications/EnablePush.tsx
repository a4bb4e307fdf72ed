"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { FormMessage, secondaryButtonClass } from "@/components/ui/form";
import { callApi } from "@/lib/client";

type State = "unsupported" | "ask" | "working" | "on" | "blocked" | "failed";

/** The key arrives base64url-encoded; PushManager wants its raw bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/**
 * Asks for notification permission only when the participant presses the button, then
 * subscribes this browser to web push and tells the server.
 */
export function EnablePush() {
  const t = useTranslations("notifications");
  const [state, setState] = useState<State>("ask");

  useEffect(() => {
    const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
    // Read once on mount: the browser's permission state is outside React.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setState(!supported ? "unsupported" : Notification.permission === "denied" ? "blocked" : "ask");
  }, []);

  async function enable() {
    setState("working");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("blocked");
      const registration = await navigator.serviceWorker.ready;
      const { publicKey } = await callApi<{ publicKey: string }>("/api/notifications/vapid-public-key");
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      await callApi("/api/notifications/subscribe", { json: { subscription: subscription.toJSON() } });
      setState("on");
    } catch {
      setState("failed");
    }
  }

  if (state === "unsupported") return null;
  return (
    <div className="mb-6 flex flex-col gap-2">
      {state === "on" ? (
        <FormMessage tone="success">{t("on")}</FormMessage>
      ) : state === "blocked" ? (
        <p className="text-sm text-slate-700">{t("blocked")}</p>
      ) : (
        <button type="button" onClick={enable} disabled={state === "working"} className={`${secondaryButtonClass} self-start`}>
          {t(state === "working" ? "turningOn" : "turnOn")}
        </button>
      )}
      {state === "failed" && <FormMessage tone="error">{t("failed")}</FormMessage>}
    </div>
  );
}
