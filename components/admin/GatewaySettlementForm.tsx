"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type ChangeEvent } from "react";
import { FormMessage } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { MAX_SETTLEMENT_REPORT_BYTES } from "@/lib/payments/schemas";
import { failureText, smallButtonClass, type Message } from "./adminUi";

export interface GatewaySettlementTexts {
  heading: string;
  intro: string;
  file: string;
  submit: string;
  failed: string;
  tooLarge: string;
  lines: string;
}

interface SettlementAnswer {
  message: string;
  notes: { line: number; outcome: string; message: string }[];
}

/**
 * The gateway's settlement report (its settlement recon CSV): each settled payment and refund
 * moves between gateway clearing and the bank, with its fee, once. The server's sentence for each
 * line of the report is listed, so the admin sees what was settled, what was left and why.
 */
export function GatewaySettlementForm({ texts }: { texts: GatewaySettlementTexts }) {
  const router = useRouter();
  const id = useId();
  const [file, setFile] = useState<File>();
  const [notes, setNotes] = useState<SettlementAnswer["notes"]>([]);
  const [message, setMessage] = useState<Message>();
  const [pending, startTransition] = useTransition();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    setMessage(undefined);
    setNotes([]);
    setFile(event.target.files?.[0]);
  }

  return (
    <form
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return;
        setNotes([]);
        // The server would refuse it too: said here without uploading it.
        if (file.size > MAX_SETTLEMENT_REPORT_BYTES) return setMessage({ tone: "error", text: texts.tooLarge });
        setMessage(undefined);
        startTransition(async () => {
          try {
            const answer = await callApi<SettlementAnswer>("/api/payments/gateway/settlements", { method: "POST", json: { csv: await file.text(), fileName: file.name } });
            setMessage({ tone: "success", text: answer.message });
            setNotes(answer.notes);
            router.refresh();
          } catch (caught) {
            setMessage({ tone: "error", text: failureText(caught, texts.failed) });
          }
        });
      }}
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold">{texts.heading}</h3>
      <p className="text-sm text-slate-700">{texts.intro}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-800">{texts.file}</label>
          <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={choose} className="text-sm" required />
        </div>
        <button type="submit" className={smallButtonClass} disabled={pending || !file}>{texts.submit}</button>
      </div>
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
      {notes.length > 0 && (
        <section aria-labelledby={`${id}-lines`}>
          <h4 id={`${id}-lines`} className="text-sm font-semibold">{texts.lines}</h4>
          <ul className="ml-5 list-disc text-sm text-slate-800">
            {notes.map((note) => (
              <li key={note.line} className={note.outcome === "settled" ? undefined : "text-amber-900"}>{note.message}</li>
            ))}
          </ul>
        </section>
      )}
    </form>
  );
}
