"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Field, FormMessage, primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";
import { ApiError, callApi } from "@/lib/client";
import { profileSchema, profileWithDateOfBirthSchema, type ProfileInput } from "@/lib/accounts/schemas";

export interface ProfileView {
  id: string;
  name: string;
  email: string;
  mobile: string | null;
  dob: string | null;
  address: { street: string | null; city: string | null; state: string | null; postalCode: string | null; country: string | null };
}

/** Each address field's key is also its label's key in the "profile.details" texts. */
const ADDRESS_FIELDS = [
  { key: "street", autoComplete: "street-address" },
  { key: "city", autoComplete: "address-level2" },
  { key: "state", autoComplete: "address-level1" },
  { key: "postalCode", autoComplete: "postal-code" },
  { key: "country", autoComplete: "country-name" },
] as const;

function formValues(profile: ProfileView): ProfileInput {
  const { street, city, state, postalCode, country } = profile.address;
  return {
    name: profile.name,
    mobile: profile.mobile ?? "",
    dob: profile.dob ?? "",
    address: { street: street ?? "", city: city ?? "", state: state ?? "", postalCode: postalCode ?? "", country: country ?? "" },
  };
}

/** The form opened at the date of birth, with the age rule and where saving leads (back to a payment, say). */
export interface DateOfBirthStep {
  rule: string;
  returnTo?: string;
}

export function ProfileDetails({ profile, dateOfBirthStep }: { profile: ProfileView; dateOfBirthStep?: DateOfBirthStep }) {
  const t = useTranslations("profile.details");
  const [editing, setEditing] = useState(Boolean(dateOfBirthStep));
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string }>();
  const router = useRouter();
  const { register, handleSubmit, reset, formState, setFocus } = useForm<ProfileInput>({
    resolver: zodResolver(dateOfBirthStep ? profileWithDateOfBirthSchema : profileSchema),
    defaultValues: formValues(profile),
  });

  useEffect(() => {
    if (dateOfBirthStep) setFocus("dob");
  }, [dateOfBirthStep, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setMessage(undefined);
    try {
      await callApi(`/api/editUser/${profile.id}`, { method: "PUT", json: values });
      // A full load, so the page returned to starts from what was just saved (a payment reopens).
      if (dateOfBirthStep?.returnTo) return window.location.assign(dateOfBirthStep.returnTo);
      setEditing(false);
      setMessage({ tone: "success", text: t("updated") });
      router.refresh();
    } catch (caught) {
      setMessage({ tone: "error", text: (caught instanceof ApiError && caught.serverMessage) || t("editFailed") });
    }
  });

  if (!editing) {
    const rows: [string, string | null][] = [
      [t("name"), profile.name],
      [t("email"), profile.email],
      [t("mobile"), profile.mobile],
      [t("dateOfBirth"), profile.dob],
      ...ADDRESS_FIELDS.map(({ key }): [string, string | null] => [t(key), profile.address[key]]),
    ];
    return (
      <div>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="text-slate-900">{value || "—"}</dd>
            </div>
          ))}
        </dl>
        {message && <div className="mt-4"><FormMessage tone={message.tone}>{message.text}</FormMessage></div>}
        <button type="button" className={`${secondaryButtonClass} mt-4`} onClick={() => { reset(formValues(profile)); setMessage(undefined); setEditing(true); }}>
          {t("edit")}
        </button>
      </div>
    );
  }

  const errors = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      {dateOfBirthStep && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:col-span-2">
          <h3 className="font-semibold">{t("addDateOfBirth")}</h3>
          <p className="text-sm">
            {dateOfBirthStep.rule} {dateOfBirthStep.returnTo && t("takeYouBack")}
          </p>
        </div>
      )}
      <Field id="profile-name" label={t("name")} autoComplete="name" error={errors.name?.message} {...register("name")} />
      <Field id="profile-email" label={t("email")} value={profile.email} readOnly disabled hint={t("emailFixed")} />
      <Field id="profile-mobile" label={t("mobile")} type="tel" autoComplete="tel" error={errors.mobile?.message} {...register("mobile")} />
      <div className={dateOfBirthStep ? "rounded-lg bg-amber-50 p-2 ring-2 ring-amber-400" : undefined}>
        <Field
          id="profile-dob"
          label={t("dateOfBirth")}
          type="date"
          autoComplete="bday"
          required={Boolean(dateOfBirthStep)}
          hint={dateOfBirthStep?.rule}
          error={errors.dob?.message}
          {...register("dob")}
        />
      </div>
      {ADDRESS_FIELDS.map(({ key, autoComplete }) => (
        <Field key={key} id={`profile-${key}`} label={t(key)} autoComplete={autoComplete} error={errors.address?.[key]?.message} {...register(`address.${key}`)} />
      ))}
      <div className="flex gap-3 sm:col-span-2">
        <button type="submit" className={primaryButtonClass} disabled={formState.isSubmitting}>{t(formState.isSubmitting ? "saving" : "save")}</button>
        <button type="button" className={secondaryButtonClass} onClick={() => setEditing(false)}>{t("cancel")}</button>
      </div>
      {message && <div className="sm:col-span-2"><FormMessage tone={message.tone}>{message.text}</FormMessage></div>}
    </form>
  );
}
