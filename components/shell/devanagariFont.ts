import localFont from "next/font/local";

/**
 * Hindi in a web font of our own, so it renders on a device without a Devanagari font (headless
 * browsers, some older phones) and looks the same on all. One variable file carries every weight
 * the app uses. Its unicode-range holds only Devanagari, so a browser fetches it on a page that
 * shows some (every Hindi page, and an English page's "हिन्दी" switch), never for Latin text;
 * the rupee signs (U+20A8, U+20B9) are left out of the range, as prices in English would fetch it.
 * Not preloaded for the same reason: a preload would fetch it on every page.
 */
export const devanagariFont = localFont({
  src: "../../node_modules/@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2",
  weight: "100 900",
  style: "normal",
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  variable: "--font-devanagari",
  declarations: [{ prop: "unicode-range", value: "U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF, U+11B00-11B09" }],
});
