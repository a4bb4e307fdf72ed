// Formulas are KaTeX's HTML (with MathML for screen readers): its stylesheet and fonts come with
// every page that shows a question, and no other.
import "katex/dist/katex.min.css";
import { useTranslations } from "next-intl";
import { withScrollRegions } from "./scrollRegions";

/** Question texts and options may be image URLs (SPEC §2). */
function isImageUrl(text: string): boolean {
  return /^https?:\/\//i.test(text.trim());
}

const IMAGE_CLASS = {
  full: "max-h-72 max-w-full rounded border border-slate-200",
  thumbnail: "max-h-24 max-w-48 rounded border border-slate-200 object-contain",
} as const;

/**
 * Shows a question's text or option: its HTML as rendered when the question was saved (formulas,
 * tables, lists: lib/content, which lets nothing through that could run or load), else an image
 * URL as the image and anything else as text.
 */
export function TextOrImage({ text, html, alt, size = "full" }: { text: string; html?: string | null; alt: string; size?: keyof typeof IMAGE_CLASS }) {
  const t = useTranslations("ui.scrollSideways");
  if (html) return <span className="rich-content" dangerouslySetInnerHTML={{ __html: withScrollRegions(html, { formula: t("formula"), table: t("table") }) }} />;
  // A word longer than a phone's line breaks where it must rather than widen the page.
  if (!isImageUrl(text)) return <span className="whitespace-pre-line [overflow-wrap:anywhere]">{text}</span>;
  // Any host, unknown size: next/image would need each host configured in advance.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={text.trim()} alt={alt} loading={size === "thumbnail" ? "lazy" : undefined} className={IMAGE_CLASS[size]} />;
}
