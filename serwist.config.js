// @ts-check
import { randomUUID } from "node:crypto";
import { serwist } from "@serwist/next/config";

// The offline page is rendered per request like every page, so it is precached by URL.
export default serwist({
  swSrc: "app/sw.ts",
  swDest: "public/sw.js",
  precachePrerendered: false,
  additionalPrecacheEntries: [{ url: "/~offline", revision: randomUUID() }],
});
