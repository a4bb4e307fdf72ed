import type { listContactMessages } from "@/lib/contact";
import { formatIndiaDateTime } from "@/lib/format";

export function ContactMessagesTab({ messages }: { messages: Awaited<ReturnType<typeof listContactMessages>> }) {
  if (messages.length === 0) return <p className="text-slate-700">No messages yet.</p>;
  return (
    <ol aria-label="Contact messages, newest first" className="flex flex-col gap-3">
      {messages.map((message) => (
        <li key={message.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <h3 className="font-semibold text-slate-900">{message.subject}</h3>
          <p className="text-sm text-slate-700">
            {message.name} · <a className="text-brand underline" href={`mailto:${message.email}`}>{message.email}</a> · {formatIndiaDateTime(message.createdAt)}
          </p>
          <p className="mt-2 whitespace-pre-line text-slate-800">{message.message}</p>
        </li>
      ))}
    </ol>
  );
}
