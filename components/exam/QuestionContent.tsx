/** Question texts and options may be image URLs (SPEC §2): those are shown as images. */
export function QuestionContent({ text, alt }: { text: string; alt: string }) {
  if (/^https?:\/\//.test(text)) {
    // Any host, unknown size: next/image would need each host configured in advance.
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={text} alt={alt} className="max-h-72 max-w-full rounded border border-slate-200" />;
  }
  return <span className="whitespace-pre-line">{text}</span>;
}
