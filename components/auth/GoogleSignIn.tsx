"use client";

import Script from "next/script";
import { useTranslations } from "next-intl";
import { useCallback, useRef, useState } from "react";
import { FormMessage } from "@/components/ui/form";
import { ApiError, callApi, type LoggedIn } from "@/lib/client";

interface GoogleIdentityServices {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(element: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

/** Reads the display fields of Google's ID token; the server verifies the token itself. */
function claimsOf(credential: string): { name?: string; email?: string; sub?: string } {
  try {
    const payload = credential.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
    return JSON.parse(decodeURIComponent(escape(atob(payload))));
  } catch {
    return {};
  }
}

/** Rendered only when GOOGLE_CLIENT_ID is configured; otherwise no Google script is loaded at all. */
export function GoogleSignIn({ clientId, referralCode }: { clientId: string; referralCode?: string }) {
  const t = useTranslations("auth");
  const buttonRef = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string>();

  const onCredential = useCallback(
    async ({ credential }: { credential: string }) => {
      const claims = claimsOf(credential);
      try {
        const result = await callApi<LoggedIn>("/api/google-login", {
          json: { credential, name: claims.name, email: claims.email, googleId: claims.sub, referredBy: referralCode },
        });
        window.location.assign(result.landing);
      } catch (caught) {
        if (!(caught instanceof ApiError) || caught.status >= 500) return setError(t("googleLoginFailed"));
        // A refused input (a birthdate under the minimum age) says why; a refused token does not.
        setError(caught.status === 400 && caught.serverMessage ? caught.serverMessage : t("googleAuthFailed"));
      }
    },
    [referralCode, t],
  );

  const render = () => {
    const google = (window as unknown as { google?: GoogleIdentityServices }).google;
    if (!google || !buttonRef.current) return;
    google.accounts.id.initialize({ client_id: clientId, callback: onCredential });
    google.accounts.id.renderButton(buttonRef.current, { theme: "outline", size: "large", width: 320, text: "continue_with" });
  };

  return (
    <div className="mt-6 flex flex-col items-center gap-3 border-t border-slate-200 pt-6">
      <Script src="https://accounts.google.com/gsi/client" strategy="afterInteractive" onReady={render} />
      <div ref={buttonRef} />
      <FormMessage tone="error">{error}</FormMessage>
    </div>
  );
}
