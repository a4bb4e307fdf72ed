import "server-only";
import { cache } from "react";
import { currentActor } from "@/lib/auth";
import { findArticleBySlug } from "@/lib/blog";

/** generateMetadata and the page both need the article: one query per request. */
export const getArticle = cache(async (slug: string) => findArticleBySlug(await currentActor(), slug));
