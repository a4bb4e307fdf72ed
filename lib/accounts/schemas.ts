import { z } from "zod";
import { RESET_LINK_INVALID } from "@/lib/catalogue";
import { isCalendarDayText, personName, text } from "@/lib/validation";

/** Shared by the login page in the browser and the /api handlers on the server. */
const PASSWORD_MIN_LENGTH = 8;

const email = text("Email", "Enter a valid email address.").trim().toLowerCase().max(254, "Enter a valid email address.").pipe(z.email("Enter a valid email address."));
const newPassword = text("Password")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(200, "Password must be at most 200 characters.");

export const loginSchema = z.object({
  email,
  password: text("Password", "Enter your password.").min(1, "Enter your password.").max(1000, "Password must be at most 1000 characters."),
});

const name = personName().min(1, "Name is required.").max(80, "Name must be at most 80 characters.");
const mobile = text("Mobile").trim().regex(/^(\+?\d{10,15})?$/, "Enter a mobile number of 10 to 15 digits.");
const referralCode = text("Referral code").trim().max(32, "Referral code must be at most 32 characters.");
const DATE_OF_BIRTH_REQUIRED = "Date of birth is required.";
/** "YYYY-MM-DD", as a date input gives it, a real day in the past; "" when left empty. The minimum age is the server's check. */
const dateOfBirth = text("Date of birth")
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, "Enter the date of birth as YYYY-MM-DD.")
  .refine((value) => value === "" || isCalendarDayText(value), "Date of birth is not a real date.")
  .refine((value) => value === "" || !isCalendarDayText(value) || new Date(value) < new Date(), "Enter a real date of birth in the past.");

export const registerSchema = z.object({
  name,
  email,
  password: newPassword,
  mobile: mobile.optional(),
  dob: dateOfBirth.refine((value) => value !== "", DATE_OF_BIRTH_REQUIRED),
  referredBy: referralCode.optional(),
});

export const forgotPasswordSchema = z.object({ email });

export const passwordResetSchema = z.object({
  token: text("Token", "Token or new password is missing").min(1, "Token or new password is missing").max(200, RESET_LINK_INVALID),
  newPassword: text("Password", "Token or new password is missing").min(1, "Token or new password is missing").pipe(newPassword),
});

const GOOGLE_FIELDS_MISSING = "Missing required fields: name, email, or googleId.";
const googleField = text("Google", GOOGLE_FIELDS_MISSING).min(1, GOOGLE_FIELDS_MISSING);

export const googleLoginSchema = z.object({
  credential: text("Credential", "Authentication failed").min(20, "Authentication failed").max(10_000, "Authentication failed"),
  name: googleField.max(200, "Name must be at most 200 characters."),
  email: googleField.max(254, "Enter a valid email address."),
  googleId: googleField.max(255, "Authentication failed"),
  referredBy: referralCode.optional(),
});



/** Shared by the profile form in the browser and /api/editUser on the server. */
const optionalText = (label: string, max: number) =>
  text(label)
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional();

export const profileSchema = z.object({
  name,
  mobile: mobile
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional(),
  dob: dateOfBirth
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional(),
  address: z
    .object({
      street: optionalText("Street", 200),
      city: optionalText("City", 80),
      state: optionalText("State", 80),
      postalCode: text("Postal code")
        .trim()
        .regex(/^([A-Za-z0-9 -]{3,10})?$/, "Enter a valid postal code.")
        .transform((value) => (value === "" ? null : value))
        .nullable()
        .optional(),
      country: optionalText("Country", 80),
    })
    .optional(),
});

/** The profile form at its date-of-birth step (?complete=dob): the date is what the step is for. */
export const profileWithDateOfBirthSchema = profileSchema.refine((profile) => Boolean(profile.dob), { path: ["dob"], message: DATE_OF_BIRTH_REQUIRED });

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileUpdate = z.output<typeof profileSchema>;
