import { z } from "zod";
import type { listBlogs } from "@/lib/blog";
import { blogSchema } from "@/lib/blog/schemas";

type AdminBlogRow = Awaited<ReturnType<typeof listBlogs>>[number];

const MAX_KEYWORDS = 20;
const MAX_KEYWORD_LENGTH = 40;

function splitKeywords(value: string): string[] {
  return value
    .split(",")
    .map((keyword) => keyword.trim())
    .filter(Boolean);
}

const blogFields = z.object({
  title: z.string(),
  author: z.string(),
  category: z.string(),
  imageUrl: z.string(),
  imageAlt: z.string(),
  description: z.string(),
  // Checked here, as text, so a problem shows under the one keywords input.
  keywords: z.string().refine((value) => {
    const keywords = splitKeywords(value);
    return keywords.length <= MAX_KEYWORDS && keywords.every((keyword) => keyword.length <= MAX_KEYWORD_LENGTH);
  }, `Up to ${MAX_KEYWORDS} keywords, each at most ${MAX_KEYWORD_LENGTH} characters.`),
  content: z.string(),
});

export type BlogFormValues = z.input<typeof blogFields>;

/** The inputs become the API's body and pass the API's own blogSchema, field names unchanged. */
export function blogFormSchema(categories: readonly string[]) {
  return blogFields
    .transform((values): z.input<ReturnType<typeof blogSchema>> => ({ ...values, keywords: splitKeywords(values.keywords) }))
    .pipe(blogSchema(categories));
}

export const NEW_BLOG: BlogFormValues = { title: "", author: "", category: "", imageUrl: "", imageAlt: "", description: "", keywords: "", content: "" };

export function blogFormValues(blog: AdminBlogRow): BlogFormValues {
  return {
    title: blog.title,
    author: blog.author,
    category: blog.category,
    imageUrl: blog.imageUrl ?? "",
    imageAlt: blog.imageAlt,
    description: blog.description,
    keywords: blog.keywords.join(", "),
    content: blog.content,
  };
}

/** One post as the admin list shows it, with the values its edit form starts from. */
export interface BlogPost {
  id: string;
  slug: string;
  title: string;
  author: string;
  category: string;
  published: string;
  values: BlogFormValues;
}
