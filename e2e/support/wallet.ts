import { randomBytes } from "node:crypto";
import type { Browser } from "@playwright/test";
import { newEmail, signUp } from "./accounts";

export const PARTICIPANT = "Nisha Verma";

/**
 * A payment screenshot: the PNG signature is all the server's content check reads. Each its own
 * file, since the same bytes again flag the payment (same screenshot), and a flagged payment is
 * verified only with a written reason.
 */
export const paymentScreenshot = () => ({
  name: "payment.png",
  mimeType: "image/png",
  buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2000)]),
});

/** Admin and participant each get their own browser context, so their sessions never mix. */
export async function twoSessions(browser: Browser, baseURL: string | undefined) {
  const participant = await browser.newContext({ baseURL });
  const admin = await browser.newContext({ baseURL });
  const email = newEmail();
  await signUp(participant.request, email, PARTICIPANT);
  return { participant, admin, email, close: () => Promise.all([participant.close(), admin.close()]) };
}
