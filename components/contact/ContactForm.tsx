"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Field, FormMessage, primaryButtonClass, TextAreaField } from "@/components/ui/form";
import { useValidationText } from "@/components/ui/validationText";
import { ApiError, callApi } from "@/lib/client";
import { contactSchema, type ContactInput } from "@/lib/contact/schemas";

const EMPTY: ContactInput = { name: "", email: "", subject: "", message: "" };

export function ContactForm() {
  const t = useTranslations("contact");
  const fieldError = useValidationText();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, reset, formState } = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await callApi("/api/contact", { json: values });
      reset(EMPTY);
      // SPEC §5 asks for exactly this browser alert.
      window.alert(t("sent"));
    } catch (caught) {
      setError(caught instanceof ApiError && caught.serverMessage ? caught.serverMessage : t("sendFailed"));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-xl flex-col gap-4">
      <Field id="contact-name" label={t("name")} autoComplete="name" error={fieldError(errors.name?.message)} {...register("name")} />
      <Field id="contact-email" label={t("email")} type="email" autoComplete="email" error={fieldError(errors.email?.message)} {...register("email")} />
      <Field id="contact-subject" label={t("subject")} error={fieldError(errors.subject?.message)} {...register("subject")} />
      <TextAreaField id="contact-message" label={t("message")} rows={6} error={fieldError(errors.message?.message)} {...register("message")} />
      <FormMessage tone="error">{error}</FormMessage>
      <button type="submit" className={`${primaryButtonClass} self-start`} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("sending") : t("submit")}
      </button>
    </form>
  );
}
