import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageTitle } from "@/components/ui/PageTitle";
import { findArticleBySlug, listArticles } from "@/lib/blog/service";
import { config } from "@/lib/config";
import { formatIndiaDate } from "@/lib/format";

interface BlogPageProps {
  params: Promise<{ currentArticleId?: string[] }>;
}

export async function generateMetadata({ params }: BlogPageProps): Promise<Metadata> {
  const slug = (await params).currentArticleId?.[0];
  const article = slug ? await findArticleBySlug(slug) : null;
  if (!article) {
    return {
      title: "Read blogs",
      description: `Articles from ${config.brand.name} on learning, quizzes and olympiads.`,
      alternates: { canonical: "/readblogs" },
    };
  }
  return {
    title: article.title,
    description: article.description,
    keywords: article.keywords,
    alternates: { canonical: `/readblogs/${article.slug}` },
  };
}

export default async function ReadBlogsPage({ params }: BlogPageProps) {
  const segments = (await params).currentArticleId ?? [];
  if (segments.length > 1) notFound();
  const articles = (await listArticles()).rows;
  const current = segments[0] ? await findArticleBySlug(segments[0]) : null;
  if (segments[0] && !current) notFound();

  return (
    <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
      <section>
        {current ? (
          <article>
            <PageTitle lead={`${current.author} · ${current.category} · ${formatIndiaDate(current.publishedAt)}`}>{current.title}</PageTitle>
            <div className="whitespace-pre-line leading-7 text-slate-800">{current.content}</div>
          </article>
        ) : (
          <PageTitle lead="Articles on learning, preparing for timed quizzes and how our olympiads work.">Read blogs</PageTitle>
        )}
      </section>
      <aside aria-label="All articles">
        <h2 className="mb-3 text-lg font-semibold">Articles</h2>
        <ul className="space-y-3">
          {articles.map((article) => (
            <li key={article.id}>
              <Link href={`/readblogs/${article.slug}`} className="font-medium text-brand hover:underline">{article.title}</Link>
              <p className="text-sm text-slate-600">{article.description}</p>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
