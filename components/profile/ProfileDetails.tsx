"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
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

const ADDRESS_FIELDS = [
  { key: "street", label: "Street", autoComplete: "street-address" },
  { key: "city", label: "City", autoComplete: "address-level2" },
  { key: "state", label: "State", autoComplete: "address-level1" },
  { key: "postalCode", label: "Postal code", autoComplete: "postal-code" },
  { key: "country", label: "Country", autoComplete: "country-name" },
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
      setMessage({ tone: "success", text: "Profile updated." });
      router.refresh();
    } catch (caught) {
      setMessage({ tone: "error", text: caught instanceof ApiError ? caught.serverMessage ?? "Edit failed" : "Edit failed" });
    }
  });

  if (!editing) {
    const rows: [string, string | null][] = [
      ["Name", profile.name],
      ["Email", profile.email],
      ["Mobile", profile.mobile],
      ["Date of birth", profile.dob],
      ...ADDRESS_FIELDS.map(({ key, label }): [string, string | null] => [label, profile.address[key]]),
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
          Edit profile
        </button>
      </div>
    );
  }

  const errors = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      {dateOfBirthStep && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:col-span-2">
          <h3 className="font-semibold">Add your date of birth</h3>
          <p className="text-sm">
            {dateOfBirthStep.rule} {dateOfBirthStep.returnTo && "Once it is saved, we take you back to where you were."}
          </p>
        </div>
      )}
      <Field id="profile-name" label="Name" autoComplete="name" error={errors.name?.message} {...register("name")} />
      <Field id="profile-email" label="Email" value={profile.email} readOnly disabled hint="Your login email cannot be changed here." />
      <Field id="profile-mobile" label="Mobile" type="tel" autoComplete="tel" error={errors.mobile?.message} {...register("mobile")} />
      <div className={dateOfBirthStep ? "rounded-lg bg-amber-50 p-2 ring-2 ring-amber-400" : undefined}>
        <Field
          id="profile-dob"
          label="Date of birth"
          type="date"
          autoComplete="bday"
          required={Boolean(dateOfBirthStep)}
          hint={dateOfBirthStep?.rule}
          error={errors.dob?.message}
          {...register("dob")}
        />
      </div>
      {ADDRESS_FIELDS.map(({ key, label, autoComplete }) => (
        <Field key={key} id={`profile-${key}`} label={label} autoComplete={autoComplete} error={errors.address?.[key]?.message} {...register(`address.${key}`)} />
      ))}
      <div className="flex gap-3 sm:col-span-2">
        <button type="submit" className={primaryButtonClass} disabled={formState.isSubmitting}>{formState.isSubmitting ? "Saving…" : "Save"}</button>
        <button type="button" className={secondaryButtonClass} onClick={() => setEditing(false)}>Cancel</button>
      </div>
      {message && <div className="sm:col-span-2"><FormMessage tone={message.tone}>{message.text}</FormMessage></div>}
    </form>
  );
}
