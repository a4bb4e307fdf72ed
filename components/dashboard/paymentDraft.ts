/**
 * What a participant entered in the payment modal, kept per quiz in sessionStorage while they
 * add their date of birth in the profile, so the modal reopens afterwards with nothing lost.
 * Storage can be refused (private modes): the payment then simply starts afresh.
 */
export interface PaymentDraft {
  bankUsername: string;
  transactionId: string;
  /** The screenshot already uploaded, used again rather than chosen again. */
  proof?: { name: string; url: string };
}

function keyFor(quizId: string): string {
  return `paymentDraft:${quizId}`;
}

function isProof(value: unknown): value is NonNullable<PaymentDraft["proof"]> {
  const proof = value as PaymentDraft["proof"];
  return typeof proof?.name === "string" && typeof proof.url === "string" && proof.url.startsWith("/api/files/");
}

export function readPaymentDraft(quizId: string): PaymentDraft | undefined {
  try {
    const draft = JSON.parse(sessionStorage.getItem(keyFor(quizId)) ?? "null") as Partial<PaymentDraft> | null;
    if (typeof draft?.bankUsername !== "string" || typeof draft.transactionId !== "string") return undefined;
    return { bankUsername: draft.bankUsername, transactionId: draft.transactionId, proof: isProof(draft.proof) ? draft.proof : undefined };
  } catch {
    return undefined;
  }
}

export function savePaymentDraft(quizId: string, draft: PaymentDraft): void {
  try {
    sessionStorage.setItem(keyFor(quizId), JSON.stringify(draft));
  } catch {
    // Refused: the participant fills the form in again.
  }
}

export function clearPaymentDraft(quizId: string): void {
  try {
    sessionStorage.removeItem(keyFor(quizId));
  } catch {
    // Nothing was stored.
  }
}
