import { z } from "zod";

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
