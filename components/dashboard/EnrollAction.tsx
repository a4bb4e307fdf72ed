"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { FormMessage, primaryButtonClass } from "@/components/ui/form";
import { DATE_OF_BIRTH_CODE, dateOfBirthStep } from "@/lib/accounts/schemas";
import { ApiError, callApi } from "@/lib/client";
import type { CardAction } from "@/lib/quizzes";
import { ExamCountdown } from "./ExamCountdown";
import { PaymentModal, type PayableQuiz, type PaymentDetails } from "./PaymentModal";

/** The card's dates as the server wrote them, in India time. */
export interface ActionDates {
  registrationOpens: string;
  examOpens: string;
  /** When the server decided the action: the countdown counts from it. */
  decidedAt: Date;
}

const TERMS_REQUIRED = "You must agree to the Terms and Conditions to proceed.";
const REGISTRATION_FAILED = "Error registering. Please try again.";

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

/** A state with nothing to do yet: said as text, not as a button that goes nowhere. */
function Status({ children }: { children: ReactNode }) {
  return <p className="w-full rounded-lg bg-slate-100 px-5 py-2.5 text-center font-semibold text-slate-800">{children}</p>;
}

const linkClass = `${primaryButtonClass} block w-full text-center`;

type CardIntegrity = NonNullable<Extract<CardAction, { kind: "result" }>["integrity"]>;

const APPEAL_STATUS = {
  upheld: "Your appeal was upheld: your attempt counts again.",
  rejected: "Your appeal was rejected.",
} as const;

/** A disqualification's reason, and where the participant's appeal stands (or the link to make it). */
function IntegrityNotice({ quizId, integrity }: { quizId: string; integrity: CardIntegrity }) {
  const { reason, appeal } = integrity;
  return (
    <div className={`rounded-lg border px-3 py-2 text-sm ${reason ? "border-red-200 bg-red-50 text-red-900" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`} data-testid="disqualification">
      {reason && (
        <p>
          <span className="font-semibold">Disqualified.</span> Reason: {reason}
        </p>
      )}
      {appeal && <p className="font-semibold">{appeal.outcome ? APPEAL_STATUS[appeal.outcome] : "Appeal sent: awaiting the admins' decision."}</p>}
      {appeal?.response && <p>Answer: {appeal.response}</p>}
      <Link href={`/quizes/${quizId}/appeal`} className="font-medium underline">
        {reason && !appeal ? "Appeal this decision" : "See the appeal"}
      </Link>
    </div>
  );
}

/** The card's one action, as the server decided it: only what the participant can do now, or when. */
export function EnrollAction({ quiz, action, dates, payment }: { quiz: PayableQuiz; action: CardAction; dates: ActionDates; payment: PaymentDetails }) {
  const router = useRouter();
  const termsId = useId();
  const [agreed, setAgreed] = useState(false);
  const [termsMissing, setTermsMissing] = useState(false);
  const [paying, setPaying] = useState(false);
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // The button that had focus gives way to the card's new state: focus goes to the news instead of the page.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const [registering, setRegistering] = useState(false);
  const [registerError, setRegisterError] = useState<{ message: string; dateOfBirth: boolean }>();
  const canPay = action.kind === "pay";
  const needsTerms = canPay || action.kind === "register-free";
  const [returnHandled, setReturnHandled] = useState(false);
  // The terms were agreed before the payment that sent the participant to their profile.
  const reopened = useReturningToPay(quiz.id) && canPay && !returnHandled;

  function openPayment() {
    setTermsMissing(!agreed);
    if (agreed) setPaying(true);
  }

  /** Free entry: registered at once, no payment modal; the card then offers Start (or the exam's date). */
  async function registerFree() {
    setTermsMissing(!agreed);
    if (!agreed) return;
    setRegistering(true);
    setRegisterError(undefined);
    try {
      const { message } = await callApi<{ message: string }>(`/api/quizzes/${quiz.id}/register`, { method: "POST" });
      setNotice(message);
      router.refresh();
    } catch (caught) {
      setRegisterError({
        message: caught instanceof ApiError ? caught.serverMessage ?? REGISTRATION_FAILED : REGISTRATION_FAILED,
        dateOfBirth: caught instanceof ApiError && caught.code === DATE_OF_BIRTH_CODE,
      });
    } finally {
      setRegistering(false);
    }
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

  let control: ReactNode;
  switch (action.kind) {
    case "pay":
      control = (
        <button type="button" onClick={openPayment} className={`${primaryButtonClass} w-full`}>
          {action.rejected ? "your payment rejected , pay again or talk to customer care" : "Please Pay to Attend Quiz"}
        </button>
      );
      break;
    case "register-free":
      control = (
        <button type="button" onClick={registerFree} disabled={registering} className={`${primaryButtonClass} w-full`}>
          {registering ? "Registering…" : "Register free"}
        </button>
      );
      break;
    case "registration-upcoming":
      control = (
        <InactiveAction>
          Registration will start from: {dates.registrationOpens} install or allow notification to get notify when registration open
        </InactiveAction>
      );
      break;
    case "registration-closed":
      control = <InactiveAction>Registration closed</InactiveAction>;
      break;
    case "pending":
      control = <InactiveAction>Verification Pending</InactiveAction>;
      break;
    case "exam-upcoming":
      control = (
        <>
          <Status>Exam opens {dates.examOpens}</Status>
          {action.countdown && <ExamCountdown opensAt={action.opensAt} serverNow={dates.decidedAt} />}
        </>
      );
      break;
    case "start":
      control = (
        <Link href={`/quizes/${quiz.id}`} className={linkClass}>
          {action.resume ? "Resume quiz" : "Start quiz"}
        </Link>
      );
      break;
    case "exam-closed":
      control = <Status>The exam window has closed</Status>;
      break;
    case "result":
      // Published: the participant's official rank in Your results above. Before that: their
      // submitted view with the score (a full page load, as the exam pages need).
      control = (
        <>
          {action.integrity && <IntegrityNotice quizId={quiz.id} integrity={action.integrity} />}
          <a href={action.published ? `#result-${quiz.id}` : `/QuizliveSection?quizId=${quiz.id}`} className={linkClass}>
            View result
          </a>
        </>
      );
      break;
  }

  return (
    <div className="flex flex-col gap-3">
      {needsTerms && (
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
      {needsTerms && termsMissing && <FormMessage tone="error">{TERMS_REQUIRED}</FormMessage>}
      {control}
      {registerError && (
        <FormMessage tone="error">
          {registerError.message}{" "}
          {registerError.dateOfBirth && (
            <Link href={dateOfBirthStep("/dashboard")} className="font-semibold underline">
              Add your date of birth
            </Link>
          )}
        </FormMessage>
      )}
      {notice && <FormMessage tone="success" ref={noticeRef}>{notice}</FormMessage>}
      {(paying || reopened) && <PaymentModal quiz={quiz} payment={payment} onClose={closePayment} />}
    </div>
  );
}
