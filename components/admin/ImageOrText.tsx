/** Question text and options may be image URLs (SPEC §2): show the image, not the address. */
export function ImageOrText({ text, alt }: { text: string; alt: string }) {
  if (!text.startsWith("http")) return <>{text}</>;
  // eslint-disable-next-line @next/next/no-img-element -- a question image of unknown size on any host
  return <img src={text} alt={alt} loading="lazy" className="max-h-24 max-w-48 rounded border border-slate-200 object-contain" />;
}
