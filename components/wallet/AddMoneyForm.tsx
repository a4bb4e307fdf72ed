"use client";

import { useState, type FormEvent } from "react";
import { Field, FormMessage, primaryButtonClass } from "@/components/ui/form";
import { UploadProgressBar } from "@/components/ui/UploadProgressBar";
import { callApi, uploadWithProgress } from "@/lib/client";
import { MAX_UPLOAD_BYTES } from "@/lib/uploads/schemas";
import { utrProblem } from "@/lib/wallet/schemas";
import { useWalletRequest } from "./useWalletRequest";
import { FIELDS_REQUIRED, FILE_TOO_LARGE } from "@/lib/messages";

/** A top-up is a UPI payment made outside the app; the admin credits it after checking the screenshot. */
export function AddMoneyForm({ upiId }: { upiId: string }) {
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

    if (!amount || !payeeName) return refuse(FIELDS_REQUIRED);
    if (!(Number(amount) >= 1)) return refuse("Enter an amount of at least ₹1.");
    if (!(file instanceof File) || file.size === 0) return refuse("Please upload a payment screenshot.");
    if (file.size > MAX_UPLOAD_BYTES) return refuse(FILE_TOO_LARGE);
    const referenceProblem = utrProblem(paymentId);
    if (referenceProblem) return refuse(referenceProblem);

    setUploadPercent(0);
    await submit(form, { success: "Payment submitted successfully! Please wait for admin confirmation.", failure: "Error uploading image. Please try again." }, async (failure) => {
      const upload = new FormData();
      upload.set("file", file);
      upload.set("imageType", "payment");
      const { url } = await uploadWithProgress<{ url: string }>("/api/upload", upload, setUploadPercent);
      failure.current = "Payment verification failed. Please try again.";
      await callApi("/api/wallet/credit", {
        json: { paymentType: "credit", amount: Number(amount), payeeName, paysnapurl: url, paymentId, paymentMode: "upi" },
      });
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Pay the amount by UPI to <strong className="font-semibold text-slate-900">{upiId}</strong>, then send us the details below.
        The money reaches your wallet once an admin has checked the payment.
      </p>
      <Field id="add-amount" name="amount" label="Amount (₹)" type="number" inputMode="decimal" min={1} step="0.01" required />
      <Field id="add-username" name="payeeName" label="Username" autoComplete="name" hint="The name on the UPI or bank account you paid from." required />
      <Field id="add-screenshot" name="screenshot" label="Payment screenshot" type="file" accept="image/jpeg,image/png,image/webp,image/gif" hint="An image of up to 5 MB." required />
      {submitting && uploadPercent !== undefined && <UploadProgressBar label="Payment screenshot upload" percent={uploadPercent} />}
      <Field
        id="add-reference"
        name="paymentId"
        label="UPI transaction reference (UTR)"
        autoComplete="off"
        inputMode="numeric"
        maxLength={20}
        hint="The 12-digit number your UPI app shows for this payment (UTR, UPI Ref. No.)."
        required
      />
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
      <button type="submit" className={primaryButtonClass} disabled={submitting}>
        {submitting ? "Submitting…" : "Submit"}
      </button>
    </form>
  );
}
