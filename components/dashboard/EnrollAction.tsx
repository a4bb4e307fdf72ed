"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState, useSyncExternalStore, type ReactNode } from "react";
import { FormMessage, primaryButtonClass } from "@/components/ui/form";
import type { PaymentState } from "@/lib/payments/schemas";
import { PaymentModal, type PayableQuiz, type PaymentDetails } from "./PaymentModal";

export type Registration = { phase: "upcoming"; opensOn: string } | { phase: "open" | "closed" };

const TERMS_REQUIRED = "You must agree to the Terms and Conditions to proceed.";

function InactiveAction({ children }: { children: ReactNode }) {
  return (
    <button type="button" disabled className="w-full rounded-lg bg-slate-200 px-5 py-2.5 font-semibold text-slate-800">
      {children}
    </button>
  );
}

const noSubscription = () => () => {};

/**
 * True in the browser when the address asks to reopen this quiz's payment (/dashboard?pay=<quiz>,
 * where the profile's date-of-birth step returns to); the server renders the card closed.
 */
function useReturningToPay(quizId: string): boolean {
  return useSyncExternalStore(noSubscription, () => new URLSearchParams(window.location.search).get("pay") === quizId, () => false);
}

/** The card's one action button, which follows the participant's payment state for this quiz. */
export function EnrollAction({
  quiz,
  paymentState,
  registration,
  payment,
}: {
  quiz: PayableQuiz;
  paymentState: PaymentState;
  registration: Registration;
  payment: PaymentDetails;
}) {
  const router = useRouter();
  const termsId = useId();
  const [agreed, setAgreed] = useState(false);
  const [termsMissing, setTermsMissing] = useState(false);
  const [paying, setPaying] = useState(false);
  const [notice, setNotice] = useState<string>();
  const canPay = (paymentState === "not paid" || paymentState === "rejected") && registration.phase === "open";
  const [returnHandled, setReturnHandled] = useState(false);
  // The terms were agreed before the payment that sent the participant to their profile.
  const reopened = useReturningToPay(quiz.id) && canPay && !returnHandled;

  function openPayment() {
    setTermsMissing(!agreed);
    if (agreed) setPaying(true);
  }

  function closePayment(paidMessage?: string) {
    setPaying(false);
    if (reopened) {
      setReturnHandled(true);
      setAgreed(true);
      window.history.replaceState(null, "", window.location.pathname);
    }
    if (!paidMessage) return;
    setNotice(paidMessage);
    router.refresh();
  }

  let action: ReactNode;
  if (paymentState === "verified") {
    action = (
      <Link href={`/quizes/${quiz.id}`} className={`${primaryButtonClass} block w-full text-center`}>
        Lets, Start Quiz
      </Link>
    );
  } else if (paymentState === "pending") {
    action = <InactiveAction>Verification Pending</InactiveAction>;
  } else if (registration.phase === "upcoming") {
    action = (
      <InactiveAction>
        Registration will start from: {registration.opensOn} install or allow notification to get notify when registration open
      </InactiveAction>
    );
  } else if (registration.phase === "closed") {
    action = <InactiveAction>Registration closed</InactiveAction>;
  } else {
    action = (
      <button type="button" onClick={openPayment} className={`${primaryButtonClass} w-full`}>
        {paymentState === "rejected" ? "your payment rejected , pay again or talk to customer care" : "Please Pay to Attend Quiz"}
      </button>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      {canPay && (
        <div className="flex items-center gap-2">
          <input
            id={termsId}
            type="checkbox"
            checked={agreed || reopened}
            onChange={(event) => {
              setAgreed(event.target.checked);
              if (event.target.checked) setTermsMissing(false);
            }}
            className="h-4 w-4 accent-brand"
          />
          <label htmlFor={termsId} className="text-sm text-slate-800">I agree to the Terms and Conditions</label>
        </div>
      )}
      {canPay && termsMissing && <FormMessage tone="error">{TERMS_REQUIRED}</FormMessage>}
      {action}
      {notice && <FormMessage tone="success">{notice}</FormMessage>}
      {(paying || reopened) && <PaymentModal quiz={quiz} payment={payment} onClose={closePayment} />}
    </div>
  );
}
