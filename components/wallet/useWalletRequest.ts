"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError } from "@/lib/client";

type Message = { tone: "error" | "success"; text: string };

/** What a failed step should tell the participant when the server gives no message of its own. */
export interface FailureText {
  current: string;
}

/**
 * The shared life of a wallet request form: refuse bad input with a message, or send the request
 * and then clear the form, confirm, and refresh the page so the balance and history update.
 */
export function useWalletRequest() {
  const [message, setMessage] = useState<Message>();
  const [submitting, setSubmitting] = useState(false);
  const router = useRouter();

  function refuse(text: string) {
    setMessage({ tone: "error", text });
  }

  async function submit(form: HTMLFormElement, texts: { success: string; failure: string }, send: (failure: FailureText) => Promise<unknown>) {
    setMessage(undefined);
    setSubmitting(true);
    const failure = { current: texts.failure };
    try {
      await send(failure);
      form.reset();
      setMessage({ tone: "success", text: texts.success });
      router.refresh();
    } catch (caught) {
      refuse(caught instanceof ApiError ? caught.serverMessage ?? failure.current : failure.current);
    } finally {
      setSubmitting(false);
    }
  }

  return { message, submitting, refuse, submit };
}
