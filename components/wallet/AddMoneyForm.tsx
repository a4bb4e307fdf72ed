"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Field, FormMessage, primaryButtonClass } from "@/components/ui/form";
import { UploadProgressBar } from "@/components/ui/UploadProgressBar";
import { callApi, uploadWithProgress } from "@/lib/client";
import { MAX_UPLOAD_BYTES } from "@/lib/uploads/schemas";
import { utrProblem } from "@/lib/wallet/schemas";
import { useWalletRequest } from "./useWalletRequest";
import { FIELDS_REQUIRED, FILE_TOO_LARGE } from "@/lib/catalogue";
import { useValidationText } from "@/components/ui/validationText";

/** A top-up is a UPI payment made outside the app; the admin credits it after checking the screenshot. */
export function AddMoneyForm({ upiId }: { upiId: string }) {
  const t = useTranslations("wallet");
  const problemText = useValidationText();
  const { message, submitting, refuse, submit } = useWalletRequest();
  const [uploadPercent, setUploadPercent] = useState<number>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Kept before the awaits: React clears currentTarget once the handler has returned.
    const form = event.currentTarget;
    const data = new FormData(form);
    const amount = String(data.get("amount") ?? "").trim();
    const payeeName = String(data.get("payeeName") ?? "").trim();
    const paymentId = String(data.get("paymentId") ?? "").replace(/\s+/g, "");
    const file = data.get("screenshot");

    if (!amount || !payeeName) return refuse(problemText(FIELDS_REQUIRED));
    if (!(Number(amount) >= 1)) return refuse(t("amountTooSmall"));
    if (!(file instanceof File) || file.size === 0) return refuse(t("add.screenshotRequired"));
    if (file.size > MAX_UPLOAD_BYTES) return refuse(problemText(FILE_TOO_LARGE));
    const referenceProblem = utrProblem(paymentId);
    if (referenceProblem) return refuse(problemText(referenceProblem));

    setUploadPercent(0);
    await submit(form, { success: t("add.submitted"), failure: t("add.uploadFailed") }, async (failure) => {
      const upload = new FormData();
      upload.set("file", file);
      upload.set("imageType", "payment");
      const { url } = await uploadWithProgress<{ url: string }>("/api/upload", upload, setUploadPercent);
      failure.current = t("add.verificationFailed");
      await callApi("/api/wallet/credit", {
        json: { paymentType: "credit", amount: Number(amount), payeeName, paysnapurl: url, paymentId, paymentMode: "upi" },
      });
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {t.rich("add.instructions", { upiId, upi: (chunks) => <strong className="font-semibold text-slate-900">{chunks}</strong> })}
      </p>
      <Field id="add-amount" name="amount" label={t("amount")} type="number" inputMode="decimal" min={1} step="0.01" required />
      <Field id="add-username" name="payeeName" label={t("add.username")} autoComplete="name" hint={t("add.usernameHint")} required />
      <Field id="add-screenshot" name="screenshot" label={t("add.screenshot")} type="file" accept="image/jpeg,image/png,image/webp,image/gif" hint={t("add.screenshotHint")} required />
      {submitting && uploadPercent !== undefined && <UploadProgressBar label={t("add.screenshotUpload")} percent={uploadPercent} />}
      <Field
        id="add-reference"
        name="paymentId"
        label={t("add.reference")}
        autoComplete="off"
        inputMode="numeric"
        maxLength={20}
        hint={t("add.referenceHint")}
        required
      />
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
      <button type="submit" className={primaryButtonClass} disabled={submitting}>
        {t(submitting ? "submitting" : "submit")}
      </button>
    </form>
  );
}
