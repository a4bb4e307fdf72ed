import { useTranslations } from "next-intl";

/**
 * How much of a file has gone up, as a real progress bar. Not a live region: a screen reader
 * user asks for the bar's value instead of hearing every percent.
 */
export function UploadProgressBar({ label, percent }: { label: string; percent: number }) {
  const t = useTranslations("ui");
  return (
    <div className="flex items-center gap-3 text-sm text-slate-700">
      <progress aria-label={label} max={100} value={percent} className="h-2 w-40 accent-brand" />
      <span>{percent < 100 ? t("uploading", { percent }) : t("uploaded")}</span>
    </div>
  );
}
