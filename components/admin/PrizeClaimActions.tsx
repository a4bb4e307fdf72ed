"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { FormMessage, inputClass } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import type { PayoutAccount, PrizeClaimStatus } from "@/lib/payouts/schemas";
import { failureText, smallButtonClass, type Message } from "./adminUi";

/**
 * One claim's next step: a held claim is released or rejected with a written reason; a new claim
 * is approved; for an approved one, the full details to pay and the bank reference once paid.
 */
export function PrizeClaimActions({ claimId, status, held, winner }: { claimId: string; status: PrizeClaimStatus; held: boolean; winner: string }) {
  const router = useRouter();
  const referenceId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<Message>();
  const [reference, setReference] = useState("");
  const [details, setDetails] = useState<{ pan: string; account: PayoutAccount }>();

  function run(work: () => Promise<{ message?: string } | void>, fallback: string) {
    setMessage(undefined);
    startTransition(async () => {
      try {
        const result = await work();
        if (result?.message) setMessage({ tone: "success", text: result.message });
        router.refresh();
      } catch (caught) {
        setMessage({ tone: "error", text: failureText(caught, fallback) });
      }
    });
  }

  const decideHold = (action: "release" | "reject") =>
    run(
      () => callApi<{ message: string }>(`/api/prize-claims/${claimId}/${action}`, { method: "POST", json: { reason } }),
      action === "release" ? "The claim could not be released. Please try again." : "The claim could not be rejected. Please try again.",
    );
  const approve = () => run(() => callApi<{ message: string }>(`/api/prize-claims/${claimId}/approve`, { method: "POST" }), "The claim could not be approved. Please try again.");
  const reveal = () => run(async () => setDetails(await callApi(`/api/prize-claims/${claimId}/details`)), "The details could not be shown. Please try again.");
  const markPaid = () =>
    run(() => callApi<{ message: string }>(`/api/prize-claims/${claimId}/paid`, { method: "POST", json: { bankReference: reference } }), "The payment could not be recorded. Please try again.");

  return (
    <div className="flex flex-col items-start gap-2">
      {status === "claimed" && held && (
        <form
          className="flex flex-col items-start gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            decideHold("release");
          }}
        >
          <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">Reason (whose PAN it is, and how you checked)</label>
          <textarea id={reasonId} className={inputClass} value={reason} onChange={(event) => setReason(event.target.value)} required minLength={10} maxLength={1000} rows={2} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={smallButtonClass} disabled={pending} aria-label={`Release the claim of ${winner}`}>
              Release
            </button>
            <button
              type="button"
              className={smallButtonClass}
              disabled={pending}
              aria-label={`Reject the claim of ${winner}`}
              onClick={(event) => {
                if (event.currentTarget.form?.reportValidity()) decideHold("reject");
              }}
            >
              Reject
            </button>
          </div>
        </form>
      )}
      {status === "claimed" && !held && (
        <button type="button" className={smallButtonClass} onClick={approve} disabled={pending} aria-label={`Approve the claim of ${winner}`}>
          Approve
        </button>
      )}
      {status === "approved" && (
        <>
          {details ? (
            <p className="text-sm text-slate-800">
              PAN {details.pan} ·{" "}
              {details.account.method === "upi" ? `UPI ${details.account.upiId}` : `IFSC ${details.account.ifsc}, account ${details.account.accountNumber}`}
            </p>
          ) : (
            <button type="button" className={smallButtonClass} onClick={reveal} disabled={pending}>
              Show full details to pay
            </button>
          )}
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              markPaid();
            }}
          >
            <div className="flex flex-col gap-1">
              <label htmlFor={referenceId} className="text-sm font-medium text-slate-800">Bank reference</label>
              <input id={referenceId} className={inputClass} value={reference} onChange={(event) => setReference(event.target.value)} required minLength={4} maxLength={64} />
            </div>
            <button type="submit" className={smallButtonClass} disabled={pending}>
              Mark paid
            </button>
          </form>
        </>
      )}
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
    </div>
  );
}
