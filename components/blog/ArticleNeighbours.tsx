import Link from "next/link";
import { useTranslations } from "next-intl";
import type { adjacentArticles } from "@/lib/blog";
import { articlePath } from "./article";

type Neighbours = Awaited<ReturnType<typeof adjacentArticles>>;

const cardClass = "flex flex-col rounded-xl border border-slate-200 bg-white p-4 hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/** The article published just before this one and the one just after, as plain links. */
export function ArticleNeighbours({ previous, next }: Neighbours) {
  const t = useTranslations("blog");
  if (!previous && !next) return null;
  return (
    <nav aria-label={t("neighbours")} className="mt-10 grid gap-4 sm:grid-cols-2">
      {previous && (
        <Link prefetch={false} href={articlePath(previous.slug)} rel="prev" className={cardClass}>
          <span className="text-sm text-slate-700">{t("previousArticle")}</span>
          <span className="font-semibold text-brand">{previous.title}</span>
        </Link>
      )}
      {next && (
        <Link prefetch={false} href={articlePath(next.slug)} rel="next" className={`${cardClass} sm:col-start-2 sm:text-right`}>
          <span className="text-sm text-slate-700">{t("nextArticle")}</span>
          <span className="font-semibold text-brand">{next.title}</span>
        </Link>
      )}
    </nav>
  );
}
