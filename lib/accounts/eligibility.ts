import { config } from "@/lib/config";
import { Forbidden, Invalid } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { DATE_OF_BIRTH_CODE } from "./steps";

/** Whole years between a date of birth (YYYY-MM-DD) and a day (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [birthYear, birthMonth, birthDay] = dateOfBirth.split("-").map(Number);
  const [year, month, date] = day.split("-").map(Number);
  const hadBirthday = month > birthMonth || (month === birthMonth && date >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

/** Today's date in India, where the competitions run. */
export function indiaToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(now);
}

/**
 * The legal minimum age, checked again where a participant pays (an account may predate sign-up
 * asking for the date of birth). The refusal's code lets the payment screen link to the field.
 */
export function assertOldEnough(dateOfBirth: string | null, minimumAge: number, now = new Date()): void {
  if (!dateOfBirth) throw new Forbidden(message("dateOfBirthMissing", { minimumAge }), DATE_OF_BIRTH_CODE);
  if (ageOn(dateOfBirth, indiaToday(now)) < minimumAge) throw new Forbidden(message("ageRule", { minimumAge }), DATE_OF_BIRTH_CODE);
}

/** A date of birth being given (sign-up, Google, the profile): under the minimum age it is refused as input, and nothing is stored. */
export function assertAdultDateOfBirth(dateOfBirth: string, now = new Date()): void {
  const { minimumAge } = config.competition;
  if (ageOn(dateOfBirth, indiaToday(now)) < minimumAge) throw new Invalid(message("ageRule", { minimumAge }));
}
