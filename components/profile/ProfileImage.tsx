"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type ChangeEvent } from "react";
import { FormMessage } from "@/components/ui/form";
import { UploadProgressBar } from "@/components/ui/UploadProgressBar";
import { ApiError, uploadWithProgress } from "@/lib/client";
import { MAX_UPLOAD_BYTES } from "@/lib/uploads/schemas";
import { FILE_TOO_LARGE } from "@/lib/catalogue";
import { useValidationText } from "@/components/ui/validationText";

type Status = { state: "idle" } | { state: "uploading"; percent: number } | { state: "success"; text: string } | { state: "failed"; text: string };

export function ProfileImage({ imageUrl, name }: { imageUrl: string | null; name: string }) {
  const t = useTranslations("profile.image");
  const problemText = useValidationText();
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const router = useRouter();

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setStatus({ state: "failed", text: problemText(FILE_TOO_LARGE) });
      return;
    }
    setStatus({ state: "uploading", percent: 0 });
    const form = new FormData();
    form.set("file", file);
    form.set("imageType", "profile");
    try {
      const { message } = await uploadWithProgress<{ message: string }>("/api/upload", form, (percent) => setStatus({ state: "uploading", percent }));
      setStatus({ state: "success", text: message || t("uploaded") });
      router.refresh();
    } catch (caught) {
      setStatus({ state: "failed", text: (caught instanceof ApiError && caught.serverMessage) || t("failed") });
    }
  }

  const initials = name.split(/\s+/).map((part) => part[0]).join("").slice(0, 2).toUpperCase();
  return (
    <div className="flex flex-col items-center gap-3">
      {imageUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- a private, per-user file served by the app itself
        <img src={imageUrl} alt={t("alt", { name })} width={112} height={112} className="h-28 w-28 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-28 w-28 items-center justify-center rounded-full bg-brand text-3xl font-bold text-white">{initials}</span>
      )}
      <label className="cursor-pointer rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand">
        {t(status.state === "uploading" ? "uploading" : "change")}
        <input type="file" accept="image/jpeg,image/png,image/webp,image/gif" className="sr-only" onChange={onChange} disabled={status.state === "uploading"} />
      </label>
      {status.state === "uploading" && <UploadProgressBar label={t("upload")} percent={status.percent} />}
      {status.state === "success" && <FormMessage tone="success">{status.text}</FormMessage>}
      {status.state === "failed" && <FormMessage tone="error">{status.text}</FormMessage>}
    </div>
  );
}
