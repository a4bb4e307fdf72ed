// @ts-check
import { randomUUID } from "node:crypto";
import { serwist } from "@serwist/next/config";

// The offline page is rendered per request like every page, so it is precached by URL.
export default serwist({
  swSrc: "app/sw.ts",
  swDest: "public/sw.js",
  precachePrerendered: false,
  // What the offline page needs to be drawn: the styles and the icons. Not every route's scripts
  // and every blog image (2.5 MB), which a first visit would download as soon as the worker
  // installs; the scripts and images a reader does load are kept by the worker's runtime caching.
  globPatterns: [".next/static/**/*.css", "public/icon.svg", "public/icons/*"],
  additionalPrecacheEntries: [{ url: "/~offline", revision: randomUUID() }],
});
