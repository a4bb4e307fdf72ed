import { createRemoteJWKSet, jwtVerify } from "jose";
import { isCalendarDayText, stripInvisible } from "@/lib/validation";

export interface GoogleSettings {
  clientId: string;
  issuer: string;
  jwksUrl: string;
}

export interface GoogleIdentity {
  googleId: string;
  email: string;
  name: string;
  picture?: string;
  /** YYYY-MM-DD, only when Google signed a full one (a hidden year comes as 0000). */
  birthdate?: string;
}

function fullBirthdate(claim: unknown): string | undefined {
  return typeof claim === "string" && isCalendarDayText(claim) && !claim.startsWith("0000") && new Date(claim) < new Date() ? claim : undefined;
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * Verifies a Google ID token's signature against Google's published keys, its issuer, audience
 * and expiry. Returns null for anything forged, expired or meant for another app.
 */
export async function verifyGoogleIdToken(idToken: string, settings: GoogleSettings): Promise<GoogleIdentity | null> {
  let keys = keySets.get(settings.jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(settings.jwksUrl));
    keySets.set(settings.jwksUrl, keys);
  }
  const issuers = [settings.issuer, settings.issuer.replace(/^https:\/\//, "")];
  try {
    const { payload } = await jwtVerify(idToken, keys, { issuer: issuers, audience: settings.clientId });
    if (typeof payload.sub !== "string" || typeof payload.email !== "string" || payload.email_verified === false) return null;
    // The name is Google's, but its owner typed it: the same invisible characters are removed as at sign-up.
    const name = typeof payload.name === "string" ? stripInvisible(payload.name).trim().slice(0, 80) : "";
    return {
      googleId: payload.sub,
      email: payload.email.toLowerCase(),
      name: name || payload.email.split("@")[0],
      picture: typeof payload.picture === "string" ? payload.picture : undefined,
      birthdate: fullBirthdate(payload.birthdate),
    };
  } catch {
    return null;
  }
}
