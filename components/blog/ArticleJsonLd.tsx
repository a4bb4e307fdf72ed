import { config } from "@/lib/config";
import { absoluteUrl, articlePath, type Article } from "./article";

/** schema.org Article for search engines. */
export function ArticleJsonLd({ article }: { article: Article }) {
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.description,
    image: article.imageUrl
      ? [
          article.imageWidth !== null && article.imageHeight !== null
            ? { "@type": "ImageObject", url: absoluteUrl(article.imageUrl), width: article.imageWidth, height: article.imageHeight, caption: article.imageAlt || undefined }
            : absoluteUrl(article.imageUrl),
        ]
      : undefined,
    datePublished: article.publishedAt.toISOString(),
    dateModified: article.updatedAt.toISOString(),
    author: { "@type": "Person", name: article.author },
    publisher: {
      "@type": "Organization",
      name: config.brand.name,
      logo: { "@type": "ImageObject", url: absoluteUrl("/icon.svg") },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(articlePath(article.slug)) },
    articleSection: article.category,
    keywords: article.keywords.join(", "),
  };
  return (
    <script
      type="application/ld+json"
      // Admin-written text goes inside a <script>: escaping "<" stops a "</script>" in it from closing the tag.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }}
    />
  );
}
