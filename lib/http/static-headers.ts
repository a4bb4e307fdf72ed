/**
 * The headers every answer carries whatever answers it: next.config.ts gives them to what Next
 * serves, and the front door (./front-door.ts) to what it serves itself. No imports: next.config.ts
 * loads this file before anything is built.
 */

/** Camera, microphone and screen capture belong to the exam screen only. */
const DENY_DEVICES = "camera=(), microphone=(), display-capture=(), geolocation=(), fullscreen=(self)";
export const EXAM_DEVICES = "camera=(self), microphone=(self), display-capture=(self), geolocation=(), fullscreen=(self)";

export const EVERY_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Content-Type-Options": "nosniff",
  // No one may frame the app (clickjacking of payment and exam screens); proxy.ts adds the
  // per-request Content-Security-Policy with frame-ancestors 'none' to pages.
  "X-Frame-Options": "DENY",
  "Permissions-Policy": DENY_DEVICES,
};

/** The API answers JSON (and files): nothing in it may run, load or be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const API_HEADERS: Readonly<Record<string, string>> = { ...EVERY_ANSWER_HEADERS, "Content-Security-Policy": API_CONTENT_SECURITY_POLICY };
