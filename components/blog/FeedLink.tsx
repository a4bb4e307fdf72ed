import { useTranslations } from "next-intl";
import { FEED_PATH } from "./article";

/**
 * The feed, visible as well as in the page head, for readers who subscribe by hand. The feed
 * itself is in English whatever the page's language (its items are the articles as written).
 */
export function FeedLink() {
  const t = useTranslations("blog");
  return (
    <a href={FEED_PATH} type="application/rss+xml" hrefLang="en" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand underline">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-current">
        <circle cx="6" cy="18" r="2" />
        <path d="M4 10a10 10 0 0 1 10 10h-2.5A7.5 7.5 0 0 0 4 12.5zM4 4a16 16 0 0 1 16 16h-2.5A13.5 13.5 0 0 0 4 6.5z" />
      </svg>
      {t("rssFeed")}
    </a>
  );
}
