"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { inputClass, secondaryButtonClass } from "@/components/ui/form";

export function ReferralLink({ link }: { link: string }) {
  const t = useTranslations("wallet.referralLink");
  const [copied, setCopied] = useState<boolean>();
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // Clipboard access can be refused (insecure origin, permissions): leave the link selected to copy by hand.
      input.current?.select();
      setCopied(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor="referral-link" className="text-sm font-medium text-slate-800">{t("label")}</label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input ref={input} id="referral-link" className={inputClass} value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className={secondaryButtonClass} onClick={copy}>{t("copy")}</button>
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {copied === true && t("copied")}
        {copied === false && t("copyBlocked")}
      </p>
    </div>
  );
}
