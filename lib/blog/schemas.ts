import { z } from "zod";
import { ALL_FIELDS_REQUIRED } from "@/lib/catalogue";
import { instant, personName, text } from "@/lib/validation";

/** Shared by the admin's blog forms and /api/addblog, /api/updateblog. */
export const FIXED_CATEGORIES = ["education", "quiz", "information", "result", "winner"] as const;
type FixedCategory = (typeof FIXED_CATEGORIES)[number];

/**
 * A category as the page's language names it: SPEC's fixed ones through `named` (their English
 * names are SPEC's words), the brand's own and any other as written.
 */
export function categoryName(category: string, named: (category: FixedCategory) => string): string {
  return (FIXED_CATEGORIES as readonly string[]).includes(category) ? named(category as FixedCategory) : category;
}

const required = (label: string) => text(label, ALL_FIELDS_REQUIRED).trim().min(1, ALL_FIELDS_REQUIRED);

/** The spec's categories: the brand's own name first, then the fixed ones. */
export function blogSchema(categories: readonly string[]) {
  return z.object({
    title: required("The title").max(200, "The title is too long."),
    content: required("The article").max(100_000, "The article is too long."),
    author: personName("The author", ALL_FIELDS_REQUIRED).min(1, ALL_FIELDS_REQUIRED).max(100, "The author name is too long."),
    category: required("The category").refine((value) => categories.includes(value), `Category must be one of: ${categories.join(", ")}.`),
    description: text("The description").trim().max(300, "The description must be at most 300 characters.").optional(),
    keywords: z.array(text("A keyword").trim().min(1, "A keyword cannot be blank.").max(40, "Each keyword must be at most 40 characters.")).max(20, "Up to 20 keywords.").optional(),
    imageUrl: text("The image")
      .trim()
      .max(2000, "The image address is too long.")
      .refine((value) => value === "" || /^(https?:\/\/|\/)[^\s"'<>]*$/.test(value), "The image must be a web address or a path on this site.")
      .optional(),
    imageAlt: text("The image description").trim().max(300, "The image description must be at most 300 characters.").optional(),
    datePublished: instant("The publication date").optional(),
  });
}

export type BlogInput = z.output<ReturnType<typeof blogSchema>>;
