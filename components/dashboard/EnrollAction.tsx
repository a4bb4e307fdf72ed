"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { GatewayStatus } from "@/components/payments/GatewayStatus";
import { useGatewayCheckout } from "@/components/payments/gatewayCheckout";
import { FormMessage, primaryButtonClass } from "@/components/ui/form";
import { DATE_OF_BIRTH_CODE, dateOfBirthStep } from "@/lib/accounts/steps";
import { ApiError, callApi } from "@/lib/client";
import type { GatewayOrderState } from "@/lib/payments/schemas";
import type { CardAction } from "@/lib/quizzes";
import { ExamCountdown } from "./ExamCountdown";
import type { PayableQuiz, PaymentDetails, PaymentOutcome } from "./PaymentModal";

const loadPaymentModal = () => import("./PaymentModal").then((module) => module.PaymentModal);
// The modal (its form checks, the QR code) comes when a participant reaches for Pay, not with
// every dashboard: most cards are never paid from.
const PaymentModal = dynamic(loadPaymentModal, { ssr: false });

/** The card's dates as the server wrote them, in India time. */
export interface ActionDates {
  registrationOpens: string;
  examOpens: string;
  /** When the server decided the action: the countdown counts from it. */
  decidedAt: Date;
}

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

const APPEAL_STATUS = { upheld: "appealUpheld", rejected: "appealRejected" } as const;

/** A disqualification's reason, and where the participant's appeal stands (or the link to make it). */
function IntegrityNotice({ quizId, integrity }: { quizId: string; integrity: CardIntegrity }) {
  const t = useTranslations("dashboard.integrity");
  const { reason, appeal } = integrity;
  return (
    <div className={`rounded-lg border px-3 py-2 text-sm ${reason ? "border-red-200 bg-red-50 text-red-900" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`} data-testid="disqualification">
      {reason && (
        <p>{t.rich("disqualified", { reason, strong: (chunks) => <span className="font-semibold">{chunks}</span> })}</p>
      )}
      {appeal && <p className="font-semibold">{t(appeal.outcome ? APPEAL_STATUS[appeal.outcome] : "appealSent")}</p>}
      {appeal?.response && <p>{t("answer", { response: appeal.response })}</p>}
      <Link href={`/quizes/${quizId}/appeal`} className="font-medium underline">
        {t(reason && !appeal ? "appeal" : "seeAppeal")}
      </Link>
    </div>
  );
}

/**
 * The card's one action, as the server decided it: only what the participant can do now, or when.
 * A payment through the gateway is followed here, after the modal has handed over its order: the
 * card says when it is paid (and re-renders, so the server's action follows) or failed, no reload.
 */
export function EnrollAction({
  quiz,
  action,
  dates,
  payment,
  gatewayOrder = null,
}: {
  quiz: PayableQuiz;
  action: CardAction;
  dates: ActionDates;
  payment: PaymentDetails;
  /** The participant's latest gateway order for this quiz, as the server found it when the page was made. */
  gatewayOrder?: GatewayOrderState | null;
}) {
  const t = useTranslations("dashboard.action");
  const serverText = useTranslations("errors");
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
  const gateway = useGatewayCheckout((how) => {
    // Paid: the Pay button gives way to the card's next state, so the news takes focus. Kept in the
    // wallet: the Pay button stays, and the gateway's status says where the money is.
    if (how === "paid") setNotice(serverText("gatewayPaid"));
    router.refresh();
  }, action.kind === "pay" && gatewayOrder?.status === "failed" ? "failed" : "idle");
  const canPay = action.kind === "pay";
  const needsTerms = canPay || action.kind === "register-free";
  const [returnHandled, setReturnHandled] = useState(false);
  // The terms were agreed before the payment that sent the participant to their profile.
  const reopened = useReturningToPay(quiz.id) && canPay && !returnHandled;

  function openPayment() {
    setTermsMissing(!agreed);
    if (!agreed) return;
    gateway.reset();
    setPaying(true);
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
      const failed = t("registrationFailed");
      setRegisterError({
        message: caught instanceof ApiError ? caught.serverMessage ?? failed : failed,
        dateOfBirth: caught instanceof ApiError && caught.code === DATE_OF_BIRTH_CODE,
      });
    } finally {
      setRegistering(false);
    }
  }

  function closePayment(outcome?: PaymentOutcome) {
    setPaying(false);
    if (reopened) {
      setReturnHandled(true);
      setAgreed(true);
      window.history.replaceState(null, "", window.location.pathname);
    }
    if (!outcome) return;
    if ("gatewayOrder" in outcome) return void gateway.open(outcome.gatewayOrder);
    setNotice(outcome.paid);
    router.refresh();
  }

  let control: ReactNode;
  switch (action.kind) {
    case "pay":
      control = (
        <button type="button" onClick={openPayment} onPointerEnter={() => void loadPaymentModal()} onFocus={() => void loadPaymentModal()} className={`${primaryButtonClass} w-full`}>
          {t(action.rejected ? "payAgain" : "pay")}
        </button>
      );
      break;
    case "register-free":
      control = (
        <button type="button" onClick={registerFree} disabled={registering} className={`${primaryButtonClass} w-full`}>
          {t(registering ? "registering" : "registerFree")}
        </button>
      );
      break;
    case "registration-upcoming":
      control = (
        <InactiveAction>{t("registrationUpcoming", { date: dates.registrationOpens })}</InactiveAction>
      );
      break;
    case "registration-closed":
      control = <InactiveAction>{t("registrationClosed")}</InactiveAction>;
      break;
    case "pending":
      control = <InactiveAction>{t("verificationPending")}</InactiveAction>;
      break;
    case "exam-upcoming":
      control = (
        <>
          <Status>{t("examOpens", { date: dates.examOpens })}</Status>
          {action.countdown && <ExamCountdown opensAt={action.opensAt} serverNow={dates.decidedAt} />}
        </>
      );
      break;
    case "start":
      control = (
        <Link href={`/quizes/${quiz.id}`} className={linkClass}>
          {t(action.resume ? "resumeQuiz" : "startQuiz")}
        </Link>
      );
      break;
    case "exam-closed":
      control = <Status>{t("examClosed")}</Status>;
      break;
    case "result":
      // Published: the participant's official rank in Your results above. Before that: their
      // submitted view with the score (a full page load, as the exam pages need).
      control = (
        <>
          {action.integrity && <IntegrityNotice quizId={quiz.id} integrity={action.integrity} />}
          <a href={action.published ? `#result-${quiz.id}` : `/QuizliveSection?quizId=${quiz.id}`} className={linkClass}>
            {t("viewResult")}
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
          <label htmlFor={termsId} className="text-sm text-slate-800">{t("agreeToTerms")}</label>
        </div>
      )}
      {needsTerms && termsMissing && <FormMessage tone="error">{t("termsRequired")}</FormMessage>}
      {control}
      {registerError && (
        <FormMessage tone="error">
          {registerError.message}{" "}
          {registerError.dateOfBirth && (
            <Link href={dateOfBirthStep("/dashboard")} className="font-semibold underline">
              {t("addDateOfBirth")}
            </Link>
          )}
        </FormMessage>
      )}
      {notice && <FormMessage tone="success" ref={noticeRef}>{notice}</FormMessage>}
      {payment.gateway && <GatewayStatus phase={gateway.phase} />}
      {(paying || reopened) && <PaymentModal quiz={quiz} payment={payment} onClose={closePayment} />}
    </div>
  );
}
