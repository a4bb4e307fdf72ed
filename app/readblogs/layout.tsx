import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { BlogFailureTextsProvider } from "@/components/blog/BlogFailureTexts";

export default async function BlogLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations("blog");
  return <BlogFailureTextsProvider texts={{ errorLoading: t("errorLoading"), tryAgain: t("tryAgain") }}>{children}</BlogFailureTextsProvider>;
}
