/** Question texts and options may be image URLs (SPEC §2): those show as images. */
export function DemoContent({ text, alt }: { text: string; alt: string }) {
  if (/^https?:\/\//i.test(text)) {
    // Any host, unknown size: next/image would need each host configured in advance.
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={text} alt={alt} className="max-h-64 max-w-full rounded border border-slate-200" />;
  }
  return <span className="whitespace-pre-line">{text}</span>;
}
