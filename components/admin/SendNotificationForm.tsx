"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Field, FormMessage, TextAreaField, inputClass, primaryButtonClass } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { sendNotificationSchema } from "@/lib/notifications/schemas";
import { failureText, summarisedError } from "./adminUi";
import { RecipientPicker } from "./RecipientPicker";

const TITLE_AND_BODY_REQUIRED = "Title and body are required.";
const FAILED = "Failed to send notification";
/** SPEC §4 and §9: a send failure is shown, then cleared after 3 s. */
const FAILURE_SHOWN_MS = 3000;

const TARGETS = [
  { value: "all", label: "All users" },
  { value: "user", label: "One user" },
  { value: "admin", label: "Admins" },
] as const;

const notificationFields = z.object({
  title: z.string(),
  body: z.string(),
  icon: z.string(),
  target: z.enum(["all", "user", "admin"]),
  userId: z.string(),
});

type NotificationValues = z.input<typeof notificationFields>;

/** A blank icon means the app's own, and the user id only matters when sending to one user. */
const notificationFormSchema = notificationFields
  .transform((values): z.input<typeof sendNotificationSchema> => ({
    title: values.title,
    body: values.body,
    icon: values.icon.trim() || undefined,
    target: values.target,
    userId: values.target === "user" ? values.userId.trim() || undefined : undefined,
  }))
  .pipe(sendNotificationSchema);

export function SendNotificationForm({ admin }: { admin: { id: string; name: string } }) {
  const [sent, setSent] = useState<string>();
  // A fresh object per failure, so a repeated failure restarts the clearing timer.
  const [failure, setFailure] = useState<{ text: string }>();
  const { register, handleSubmit, control, setValue, reset, formState } = useForm<NotificationValues, unknown, z.output<typeof sendNotificationSchema>>({
    resolver: zodResolver(notificationFormSchema),
    defaultValues: { title: "", body: "", icon: "", target: "all", userId: admin.id },
  });
  const [target, userId] = useWatch({ control, name: ["target", "userId"] });
  const errors = formState.errors;
  const summaryId = "notification-required";
  const missing = errors.title?.message === TITLE_AND_BODY_REQUIRED || errors.body?.message === TITLE_AND_BODY_REQUIRED;

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(undefined), FAILURE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [failure]);

  const onSubmit = handleSubmit(async (body) => {
    setSent(undefined);
    setFailure(undefined);
    try {
      const result = await callApi<{ message: string; recipients: number }>("/api/notifications/send-notification", { json: body });
      setSent(`${result.message} Recipients: ${result.recipients}.`);
      reset();
    } catch (caught) {
      setFailure({ text: failureText(caught, FAILED) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field id="notification-title" label="Title" {...summarisedError(errors.title, TITLE_AND_BODY_REQUIRED, summaryId)} {...register("title")} />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField id="notification-body" label="Body" rows={4} {...summarisedError(errors.body, TITLE_AND_BODY_REQUIRED, summaryId)} {...register("body")} />
      </div>
      <Field id="notification-icon" label="Icon URL" inputMode="url" hint="Optional; the app icon is used when blank." error={errors.icon?.message} {...register("icon")} />
      <div className="flex flex-col gap-1">
        <label htmlFor="notification-target" className="text-sm font-medium text-slate-800">Send to</label>
        <select id="notification-target" className={inputClass} {...register("target")}>
          {TARGETS.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </select>
      </div>
      {target === "user" && (
        <RecipientPicker
          admin={admin}
          userId={userId}
          userIdInput={register("userId")}
          error={errors.userId?.message}
          onPick={(id) => setValue("userId", id, { shouldValidate: formState.isSubmitted })}
        />
      )}

      <div className="flex flex-col gap-3 sm:col-span-2">
        <div id={summaryId}>
          <FormMessage tone="error">{missing ? TITLE_AND_BODY_REQUIRED : undefined}</FormMessage>
        </div>
        <FormMessage tone="error">{failure?.text}</FormMessage>
        <FormMessage tone="success">{sent}</FormMessage>
        <button type="submit" className={`${primaryButtonClass} self-start`} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Sending…" : "Send notification"}
        </button>
      </div>
    </form>
  );
}
