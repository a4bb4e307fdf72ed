"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Field, FormMessage, primaryButtonClass, TextAreaField } from "@/components/ui/form";
import { ApiError, callApi } from "@/lib/client";
import { contactSchema, type ContactInput } from "@/lib/contact/schemas";

const EMPTY: ContactInput = { name: "", email: "", subject: "", message: "" };

export function ContactForm() {
  const [error, setError] = useState<string>();
  const { register, handleSubmit, reset, formState } = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await callApi("/api/contact", { json: values });
      reset(EMPTY);
      // SPEC §5 asks for exactly this browser alert.
      window.alert("Form submitted successfully!");
    } catch (caught) {
      setError(caught instanceof ApiError && caught.serverMessage ? caught.serverMessage : "Your message could not be sent. Please try again.");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-xl flex-col gap-4">
      <Field id="contact-name" label="Name" autoComplete="name" error={errors.name?.message} {...register("name")} />
      <Field id="contact-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
      <Field id="contact-subject" label="Subject" error={errors.subject?.message} {...register("subject")} />
      <TextAreaField id="contact-message" label="Message" rows={6} error={errors.message?.message} {...register("message")} />
      <FormMessage tone="error">{error}</FormMessage>
      <button type="submit" className={`${primaryButtonClass} self-start`} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Sending…" : "Submit"}
      </button>
    </form>
  );
}
