"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Field, FormMessage, primaryButtonClass } from "@/components/ui/form";
import { loginSchema, registerSchema } from "@/lib/accounts/schemas";
import { ApiError, callApi, type LoggedIn } from "@/lib/client";
import { useValidationText } from "@/components/ui/validationText";
import { GoogleSignIn } from "./GoogleSignIn";

type Mode = "login" | "signup";

const signupFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

type SignupValues = z.input<typeof signupFormSchema>;
type LoginValues = z.input<typeof loginSchema>;

function goToLanding(result: LoggedIn) {
  // A full load, so the server-rendered navbar shows the new session.
  window.location.assign(result.landing);
}

export function LoginForm({ referralCode, googleClientId, minimumAge }: { referralCode?: string; googleClientId?: string; minimumAge: number }) {
  const t = useTranslations("auth");
  const [mode, setMode] = useState<Mode>(referralCode ? "signup" : "login");

  return (
    <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="mb-6 text-2xl font-bold">{mode === "login" ? t("login") : t("signUp")}</h1>
      {mode === "login" ? <LoginFields /> : <SignupFields referralCode={referralCode} minimumAge={minimumAge} />}
      {googleClientId && <GoogleSignIn clientId={googleClientId} referralCode={referralCode} />}
      <p className="mt-6 text-center text-sm text-slate-700">
        {mode === "login" ? (
          <>{t("noAccount")} <button type="button" className="font-semibold text-brand underline" onClick={() => setMode("signup")}>{t("signUp")}</button></>
        ) : (
          <>{t("haveAccount")} <button type="button" className="font-semibold text-brand underline" onClick={() => setMode("login")}>{t("login")}</button></>
        )}
      </p>
    </div>
  );
}

function LoginFields() {
  const t = useTranslations("auth");
  const fieldError = useValidationText();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, resetField, formState } = useForm<LoginValues>({ resolver: zodResolver(loginSchema) });

  const onSubmit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      goToLanding(await callApi<LoggedIn>("/api/login", { json: values }));
    } catch (caught) {
      resetField("password");
      const tooMany = caught instanceof ApiError && caught.status === 429;
      setError(tooMany ? caught.serverMessage : t("loginFailed"));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field id="login-email" label={t("email")} type="email" autoComplete="email" error={fieldError(formState.errors.email?.message)} {...register("email")} />
      <Field id="login-password" label={t("password")} type="password" autoComplete="current-password" error={fieldError(formState.errors.password?.message)} {...register("password")} />
      <FormMessage tone="error">{error}</FormMessage>
      <button type="submit" className={primaryButtonClass} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("loggingIn") : t("login")}
      </button>
      <Link href="/ForgotPasswordForm" className="text-center text-sm font-medium text-brand underline">{t("forgotPassword")}</Link>
    </form>
  );
}

function SignupFields({ referralCode, minimumAge }: { referralCode?: string; minimumAge: number }) {
  const t = useTranslations("auth");
  const fieldError = useValidationText();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, resetField, formState } = useForm<SignupValues>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { referredBy: referralCode ?? "" },
  });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    setError(undefined);
    try {
      goToLanding(await callApi<LoggedIn>("/api/register", { json: { ...values, referredBy: referralCode } }));
    } catch (caught) {
      resetField("password");
      resetField("confirmPassword");
      // The server's reason (the age rule, a taken email) is what the person can act on.
      setError(caught instanceof ApiError ? caught.serverMessage ?? t("signupFailed") : t("signupFailed"));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field id="signup-name" label={t("fullName")} autoComplete="name" error={fieldError(formState.errors.name?.message)} {...register("name")} />
      <Field id="signup-email" label={t("email")} type="email" autoComplete="email" error={fieldError(formState.errors.email?.message)} {...register("email")} />
      <Field id="signup-mobile" label={t("mobile")} type="tel" autoComplete="tel" inputMode="tel" error={fieldError(formState.errors.mobile?.message)} {...register("mobile")} />
      <Field id="signup-dob" label={t("dateOfBirth")} type="date" autoComplete="bday" required hint={t("ageRule", { age: minimumAge })} error={fieldError(formState.errors.dob?.message)} {...register("dob")} />
      <Field id="signup-password" label={t("password")} type="password" autoComplete="new-password" error={fieldError(formState.errors.password?.message)} {...register("password")} />
      <Field id="signup-confirm" label={t("confirmPassword")} type="password" autoComplete="new-password" error={fieldError(formState.errors.confirmPassword?.message)} {...register("confirmPassword")} />
      {referralCode && <Field id="signup-referral" label={t("referralCode")} readOnly disabled {...register("referredBy")} />}
      <FormMessage tone="error">{error}</FormMessage>
      <button type="submit" className={primaryButtonClass} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("creatingAccount") : t("signUp")}
      </button>
    </form>
  );
}
