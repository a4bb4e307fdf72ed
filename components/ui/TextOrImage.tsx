/** Question texts and options may be image URLs (SPEC §2). */
export function isImageUrl(text: string): boolean {
  return /^https?:\/\//i.test(text.trim());
}

const IMAGE_CLASS = {
  full: "max-h-72 max-w-full rounded border border-slate-200",
  thumbnail: "max-h-24 max-w-48 rounded border border-slate-200 object-contain",
} as const;

/** Shows an image URL as the image, anything else as text. */
export function TextOrImage({ text, alt, size = "full" }: { text: string; alt: string; size?: keyof typeof IMAGE_CLASS }) {
  if (!isImageUrl(text)) return <span className="whitespace-pre-line">{text}</span>;
  // Any host, unknown size: next/image would need each host configured in advance.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={text.trim()} alt={alt} loading={size === "thumbnail" ? "lazy" : undefined} className={IMAGE_CLASS[size]} />;
}
