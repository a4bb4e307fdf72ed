import { z } from "zod";

/** Shared by the login page in the browser and the /api handlers on the server. */
export const PASSWORD_MIN_LENGTH = 8;

const email = z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address."));
const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(200, "Password must be at most 200 characters.");

export const loginSchema = z.object({
  email,
  password: z.string().min(1, "Enter your password."),
});

export const registerSchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(80, "Name must be at most 80 characters."),
  email,
  password: newPassword,
  mobile: z
    .string()
    .trim()
    .regex(/^(\+?\d{10,15})?$/, "Enter a mobile number of 10 to 15 digits.")
    .optional(),
  referredBy: z.string().trim().max(32).optional(),
});

export const forgotPasswordSchema = z.object({ email });

export const passwordResetSchema = z.object({
  token: z.string({ error: "Token or new password is missing" }).min(1, "Token or new password is missing"),
  newPassword: z.string({ error: "Token or new password is missing" }).min(1, "Token or new password is missing").pipe(newPassword),
});

export const googleLoginSchema = z.object({
  credential: z.string({ error: "Authentication failed" }).min(20, "Authentication failed"),
  name: z.string({ error: "Missing required fields: name, email, or googleId." }).min(1, "Missing required fields: name, email, or googleId."),
  email: z.string({ error: "Missing required fields: name, email, or googleId." }).min(1, "Missing required fields: name, email, or googleId."),
  googleId: z.string({ error: "Missing required fields: name, email, or googleId." }).min(1, "Missing required fields: name, email, or googleId."),
  referredBy: z.string().trim().max(32).optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;


/** Shared by the profile form in the browser and /api/editUser on the server. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional();

export const profileSchema = z.object({
  name: z.string().trim().min(1, "Name is required.").max(80, "Name must be at most 80 characters."),
  mobile: z
    .string()
    .trim()
    .regex(/^(\+?\d{10,15})?$/, "Enter a mobile number of 10 to 15 digits.")
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional(),
  dob: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, "Enter the date of birth as YYYY-MM-DD.")
    .refine((value) => value === "" || (!Number.isNaN(Date.parse(value)) && new Date(value) < new Date()), "Enter a real date of birth in the past.")
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional(),
  address: z
    .object({
      street: optionalText(200),
      city: optionalText(80),
      state: optionalText(80),
      postalCode: z
        .string()
        .trim()
        .regex(/^([A-Za-z0-9 -]{3,10})?$/, "Enter a valid postal code.")
        .transform((value) => (value === "" ? null : value))
        .nullable()
        .optional(),
      country: optionalText(80),
    })
    .optional(),
});

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileUpdate = z.output<typeof profileSchema>;
