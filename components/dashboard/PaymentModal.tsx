"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Field, FormMessage, inputClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";
import { UploadProgressBar } from "@/components/ui/UploadProgressBar";
import { DATE_OF_BIRTH_CODE, dateOfBirthStep } from "@/lib/accounts/steps";
import { createGatewayOrder, loadCheckout, type GatewayOrder } from "@/components/payments/gatewayCheckout";
import { OrPayByUpi } from "@/components/payments/GatewayStatus";
import { ApiError, callApi, uploadWithProgress } from "@/lib/client";
import { formatRupeesWithSymbol, paiseToRupees } from "@/lib/money";
import { textIn } from "@/lib/quizzes/schemas";
import { MAX_UPLOAD_BYTES } from "@/lib/uploads/schemas";
import { utrProblem } from "@/lib/wallet/schemas";
import { clearPaymentDraft, readPaymentDraft, savePaymentDraft } from "./paymentDraft";
import { UpiQrCode } from "./UpiQrCode";
import { FILE_TOO_LARGE, PROOF_AND_NAME_REQUIRED } from "@/lib/catalogue";
import { useValidationText } from "@/components/ui/validationText";

/**
 * What the participant pays with: the wallet balance, a free pass won earlier (oldest first), UPI
 * to the organiser, or the payment gateway when one is set up (its checkout script's address only:
 * its keys stay on the server, and each order brings the public key id).
 */
export interface PaymentDetails {
  walletBalancePaise: number;
  freePasses: { quizId: string; title: string; titleHi: string | null }[];
  upi: { id: string; payeeName: string };
  participantName: string;
  gateway: { checkoutUrl: string } | null;
}

/** How the modal closed: paid (the server's confirmation), or handing the card a gateway order to open the checkout for. */
export type PaymentOutcome = { paid: string } | { gatewayOrder: GatewayOrder };

export interface PayableQuiz {
  id: string;
  /** The UPI payment's note names the quiz in English, as the organiser reconciles it; the modal shows the reader's title. */
  title: string;
  titleHi: string | null;
  entryFeePaise: number;
}

/** The form's fields a refusal can point at. */
type ProofField = "screenshot" | "bank" | "reference";

function failureText(caught: unknown, fallback: string): string {
  return caught instanceof ApiError ? caught.serverMessage ?? fallback : fallback;
}

/** The note tells the admin who paid for what when they match the bank statement to the screenshot. */
function upiPayLink(upi: PaymentDetails["upi"], amountPaise: number, note: string): string {
  const params = new URLSearchParams({ pa: upi.id, pn: upi.payeeName, am: paiseToRupees(amountPaise).toFixed(2), cu: "INR", tn: note });
  return `upi://pay?${params}`;
}

/**
 * Entry-fee payment: through the payment gateway when there is one (first), by UPI with a
 * screenshot an admin verifies, or from the wallet at once. `onClose` receives the server's
 * confirmation when a payment went through, or the gateway order the card opens the checkout for
 * (the gateway's checkout cannot show above this modal). Refused for the date of birth, it links
 * to the profile's field and keeps what was entered for its return (/dashboard?pay=<quiz> reopens it).
 */
export function PaymentModal({ quiz, payment, onClose }: { quiz: PayableQuiz; payment: PaymentDetails; onClose: (outcome?: PaymentOutcome) => void }) {
  const t = useTranslations("payment");
  const language = useLocale();
  const problemText = useValidationText();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const outcome = useRef<PaymentOutcome>(undefined);
  const titleId = useId();
  const formId = useId();
  // Rendered in the browser only (after a click, or on the return from the profile), so storage can be read here.
  const [draft] = useState(() => readPaymentDraft(quiz.id));
  // A retry after a refused payment (say, a missing date of birth) reuses the screenshot already stored.
  const [uploaded, setUploaded] = useState<{ file?: File; name: string; url: string } | undefined>(draft?.proof);
  const [file, setFile] = useState<File>();
  const [uploadPercent, setUploadPercent] = useState<number>();
  const [bankUsername, setBankUsername] = useState(draft?.bankUsername ?? "");
  const [transactionId, setTransactionId] = useState(draft?.transactionId ?? "");
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [invalidFields, setInvalidFields] = useState<ProofField[]>([]);
  const [dateOfBirthRefused, setDateOfBirthRefused] = useState(false);
  const [openingGateway, setOpeningGateway] = useState(false);
  const [gatewayRefusal, setGatewayRefusal] = useState<{ message: string; dateOfBirth: boolean }>();
  const gateway = payment.gateway;
  const payLink = upiPayLink(payment.upi, quiz.entryFeePaise, `${payment.participantName} - ${quiz.title}`);

  useEffect(() => {
    dialogRef.current?.showModal();
  }, []);

  function finish(result: PaymentOutcome) {
    outcome.current = result;
    clearPaymentDraft(quiz.id);
    dialogRef.current?.close();
  }

  function cancel() {
    clearPaymentDraft(quiz.id);
    dialogRef.current?.close();
  }

  /** A problem with what was entered: said once under the form, and marked on the fields it is about. */
  function showProblem(message: string | undefined, fields: ProofField[] = []) {
    setError(message);
    setInvalidFields(fields);
  }

  const errorId = `${formId}-error`;
  /** A refused field is marked invalid and described by the message saying why, before any hint of its own. */
  const isInvalid = (field: ProofField) => invalidFields.includes(field) || undefined;
  const describedBy = (field: ProofField, ...hints: (string | undefined)[]) =>
    [isInvalid(field) && errorId, ...hints].filter(Boolean).join(" ") || undefined;

  function refused(caught: unknown, fallback: string) {
    showProblem(failureText(caught, fallback));
    setDateOfBirthRefused(caught instanceof ApiError && caught.code === DATE_OF_BIRTH_CODE);
    setBusy(false);
  }

  function keepDraft() {
    savePaymentDraft(quiz.id, { bankUsername, transactionId, proof: uploaded && { name: uploaded.name, url: uploaded.url } });
  }

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    setFile(chosen);
    setUploadPercent(undefined);
    if (chosen && chosen.size > MAX_UPLOAD_BYTES) showProblem(problemText(FILE_TOO_LARGE), ["screenshot"]);
    else showProblem(undefined);
  }

  async function copyUpiId() {
    try {
      await navigator.clipboard.writeText(payment.upi.id);
      setCopied(true);
    } catch {
      // Clipboard access can be refused; the UPI id stays on screen to copy by hand.
    }
  }

  async function pasteTransactionId() {
    try {
      setTransactionId((await navigator.clipboard.readText()).trim());
    } catch {
      // Reading the clipboard needs a permission the browser may refuse; typing still works.
    }
  }

  /** The chosen file, uploaded unless it already was; with no new choice, the screenshot stored before. */
  async function uploadProof(proof: File | undefined): Promise<string> {
    if (!proof || uploaded?.file === proof) return uploaded!.url;
    const form = new FormData();
    form.set("file", proof);
    form.set("imageType", "payment");
    setUploadPercent(0);
    try {
      const { url } = await uploadWithProgress<{ url: string }>("/api/upload", form, setUploadPercent);
      setUploaded({ file: proof, name: proof.name, url });
      return url;
    } catch (caught) {
      setUploadPercent(undefined);
      throw caught;
    }
  }

  async function submitProof(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing: ProofField[] = [...(!file && !uploaded ? (["screenshot"] as const) : []), ...(bankUsername.trim() === "" ? (["bank"] as const) : [])];
    if (missing.length > 0) return showProblem(problemText(PROOF_AND_NAME_REQUIRED), missing);
    const referenceProblem = utrProblem(transactionId);
    if (referenceProblem) return showProblem(problemText(referenceProblem), ["reference"]);
    if (file && file.size > MAX_UPLOAD_BYTES) return showProblem(problemText(FILE_TOO_LARGE), ["screenshot"]);
    setBusy(true);
    showProblem(undefined);
    setDateOfBirthRefused(false);
    let proofUrl: string;
    try {
      proofUrl = await uploadProof(file);
    } catch (caught) {
      return refused(caught, t("uploadFailed"));
    }
    try {
      const { message } = await callApi<{ message: string }>("/api/wallet/credit", {
        json: {
          paymentType: "form pay",
          paymentMode: "upi",
          quizId: quiz.id,
          payeeName: bankUsername.trim(),
          paysnapurl: proofUrl,
          paymentId: transactionId.replace(/\s+/g, ""),
        },
      });
      finish({ paid: message });
    } catch (caught) {
      refused(caught, t("paymentFailed"));
    }
  }

  /** A payment that needs no admin (the wallet, or a free pass): done or refused at once. */
  async function payAtOnce(path: string, json: Record<string, string>) {
    setBusy(true);
    showProblem(undefined);
    setDateOfBirthRefused(false);
    try {
      const { message } = await callApi<{ message: string }>(path, { json });
      finish({ paid: message });
    } catch (caught) {
      refused(caught, t("paymentFailed"));
    }
  }

  /** The order is made and the checkout's script loaded here, so a refusal is said in the modal, beside its fix. */
  async function payThroughGateway(checkoutUrl: string) {
    setBusy(true);
    setOpeningGateway(true);
    setGatewayRefusal(undefined);
    try {
      const [gatewayOrder] = await Promise.all([createGatewayOrder({ purpose: "entry_fee", quizId: quiz.id }), loadCheckout(checkoutUrl)]);
      finish({ gatewayOrder });
    } catch (caught) {
      setGatewayRefusal({ message: failureText(caught, t("gateway.unavailable")), dateOfBirth: caught instanceof ApiError && caught.code === DATE_OF_BIRTH_CODE });
      setOpeningGateway(false);
      setBusy(false);
    }
  }

  const addDateOfBirth = () =>
    t.rich("addDateOfBirth", {
      link: (chunks) => (
        <Link href={dateOfBirthStep(`/dashboard?pay=${quiz.id}`)} onClick={keepDraft} className="font-semibold underline">
          {chunks}
        </Link>
      ),
    });

  const payFromWallet = () => payAtOnce("/api/wallet/debit", { paymentType: "form pay", paymentMode: "wallet", quizId: quiz.id });
  const freePass = payment.freePasses[0];
  const passTitle = freePass && textIn(language, freePass.title, freePass.titleHi);
  const shownTitle = textIn(language, quiz.title, quiz.titleHi);
  const payWithFreePass = () => payAtOnce(`/api/prizes/${freePass.quizId}/free-pass`, { forQuizId: quiz.id });

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      onClose={() => onClose(outcome.current)}
      // A request in flight must finish here, or its outcome would never reach the card.
      onCancel={(event) => (busy ? event.preventDefault() : clearPaymentDraft(quiz.id))}
      // Large text on a phone makes the form taller than the screen: it scrolls, Cancel included.
      className="m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-4 sm:p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      <h2 id={titleId} className="text-xl font-semibold">{t("title")}</h2>
      <p lang={shownTitle.lang} className="mt-1 text-sm text-slate-700">{shownTitle.text}</p>

      <p className="mt-4 text-lg font-semibold">{t("amount", { amount: formatRupeesWithSymbol(quiz.entryFeePaise) })}</p>
      {gateway && (
        <>
          <button type="button" onClick={() => payThroughGateway(gateway.checkoutUrl)} disabled={busy} className={`${primaryButtonClass} mt-4 w-full`}>
            {t(openingGateway ? "gateway.opening" : "gateway.pay")}
          </button>
          {gatewayRefusal && (
            <div className="mt-2">
              <FormMessage tone="error">
                {gatewayRefusal.message}
                {gatewayRefusal.dateOfBirth && <> {addDateOfBirth()}</>}
              </FormMessage>
            </div>
          )}
          <OrPayByUpi className="mt-4" />
        </>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <span>{t.rich("upiId", { id: payment.upi.id, mono: (chunks) => <span className="font-mono font-semibold">{chunks}</span> })}</span>
        <button type="button" onClick={copyUpiId} className="rounded-md border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-50">
          {t("copy")}
        </button>
        <span role="status" className="text-sm text-emerald-800">{copied && t("copied")}</span>
      </div>
      <UpiQrCode link={payLink} label={t("qrCode", { amount: formatRupeesWithSymbol(quiz.entryFeePaise), upiId: payment.upi.id })} />
      <a href={payLink} className="mt-3 inline-block font-semibold text-brand underline">
        {t("payNow")}
      </a>

      {freePass && (
        <button type="button" onClick={payWithFreePass} disabled={busy} className={`${secondaryButtonClass} mt-4 w-full`}>
          {t.rich("payWithFreePass", { count: payment.freePasses.length, title: passTitle.text, quiz: (chunks) => <span lang={passTitle.lang}>{chunks}</span> })}
        </button>
      )}

      {payment.walletBalancePaise >= quiz.entryFeePaise && (
        <button type="button" onClick={payFromWallet} disabled={busy} className={`${secondaryButtonClass} mt-4 w-full`}>
          {t("payFromWallet", { amount: formatRupeesWithSymbol(quiz.entryFeePaise), balance: formatRupeesWithSymbol(payment.walletBalancePaise) })}
        </button>
      )}

      <form onSubmit={submitProof} noValidate className="mt-4 flex flex-col gap-4 border-t border-slate-200 pt-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${formId}-screenshot`} className="text-sm font-medium text-slate-800">{t("screenshot")}</label>
          <input
            id={`${formId}-screenshot`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            onChange={chooseFile}
            aria-invalid={isInvalid("screenshot")}
            aria-describedby={describedBy("screenshot", uploaded && !file ? `${formId}-stored` : undefined)}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:font-semibold"
          />
          {uploadPercent !== undefined && <UploadProgressBar label={t("screenshotUpload")} percent={uploadPercent} />}
          {uploaded && !file && (
            <div id={`${formId}-stored`} className="mt-1 flex items-center gap-3 text-sm text-slate-700">
              {/* eslint-disable-next-line @next/next/no-img-element -- a private upload served by the app to its owner */}
              <img src={uploaded.url} alt="" width={48} height={48} className="h-12 w-12 rounded border border-slate-200 object-cover" />
              <span>{t("alreadyUploaded", { name: uploaded.name })}</span>
            </div>
          )}
        </div>
        <Field
          id={`${formId}-bank`}
          label={t("bankUsername")}
          value={bankUsername}
          onChange={(event) => setBankUsername(event.target.value)}
          autoComplete="name"
          aria-invalid={isInvalid("bank")}
          aria-describedby={describedBy("bank")}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${formId}-reference`} className="text-sm font-medium text-slate-800">{t("reference")}</label>
          <div className="flex gap-2">
            <input
              id={`${formId}-reference`}
              value={transactionId}
              onChange={(event) => setTransactionId(event.target.value)}
              className={inputClass}
              autoComplete="off"
              inputMode="numeric"
              maxLength={20}
              required
              aria-invalid={isInvalid("reference")}
              aria-describedby={describedBy("reference", `${formId}-reference-hint`)}
            />
            <button type="button" onClick={pasteTransactionId} className="rounded-lg border border-slate-300 px-3 text-sm font-semibold hover:bg-slate-50">
              {t("paste")}
            </button>
          </div>
          <p id={`${formId}-reference-hint`} className="text-sm text-slate-600">{t("referenceHint")}</p>
        </div>
        <p className="text-sm text-slate-700">{t("verifiedSoon")}</p>
        {error && (
          <FormMessage tone="error" id={errorId}>
            {error}
            {dateOfBirthRefused && (
              <>
                {" "}
                {addDateOfBirth()}
              </>
            )}
          </FormMessage>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={cancel} disabled={busy} className={secondaryButtonClass}>
            {t("cancel")}
          </button>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            {t(busy ? "submitting" : "submit")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
