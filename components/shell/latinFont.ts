import localFont from "next/font/local";

/**
 * Geist, its Latin subset only (29 KB; the whole family's file is 70 KB): it is preloaded on every
 * page, where it shares a slow phone's first second with the page's own scripts. Letters outside
 * it (a rupee sign, Hindi) fall through to the next fonts in --font-sans (app/globals.css).
 */
export const latinFont = localFont({
  src: "../../node_modules/@fontsource-variable/geist/files/geist-latin-wght-normal.woff2",
  weight: "100 900",
  style: "normal",
  display: "swap",
  variable: "--font-geist-sans",
});
