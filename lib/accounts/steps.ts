/*
 * The way to the date-of-birth field, apart from the schemas: a card on the dashboard links to it
 * without loading zod into the page.
 */

/** Sent as `code` with a payment refused for the date of birth, so the payment screen can link to the field. */
export const DATE_OF_BIRTH_CODE = "date-of-birth";

/** The profile opened at its date-of-birth field, returning to `returnTo` once it is saved. */
export function dateOfBirthStep(returnTo: string): string {
  return `/profiledetails?${new URLSearchParams({ complete: "dob", returnTo })}`;
}
