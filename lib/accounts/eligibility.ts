import { Forbidden } from "@/lib/errors";

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

/** The legal minimum age, checked where a participant pays for a quiz. */
export function assertOldEnough(dateOfBirth: string | null, minimumAge: number, now = new Date()): void {
  if (!dateOfBirth) {
    throw new Forbidden(`Please add your date of birth in your profile: you must be ${minimumAge} or older to take part.`);
  }
  if (ageOn(dateOfBirth, indiaToday(now)) < minimumAge) {
    throw new Forbidden(`You must be ${minimumAge} or older to take part.`);
  }
}
