import type { MetadataRoute } from "next";
import { config } from "@/lib/config";

// The origin comes from the running configuration, not from whatever was set at build time.
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      // The API and the logged-in screens: nothing there for a search engine.
      disallow: ["/api/", "/adminpanel", "/dashboard", "/walletdetails", "/profiledetails", "/notification", "/QuizliveSection", "/quizes/"],
    },
    sitemap: new URL("/sitemap.xml", config.appUrl).href,
  };
}
