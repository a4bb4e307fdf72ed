import { z } from "zod";
import { ALL_FIELDS_REQUIRED } from "@/lib/messages";

/** Shared by the admin's blog forms and /api/addblog, /api/updateblog. */
export const FIXED_CATEGORIES = ["education", "quiz", "information", "result", "winner"] as const;

const required = z.string({ error: ALL_FIELDS_REQUIRED }).trim().min(1, ALL_FIELDS_REQUIRED);

/** The spec's categories: the brand's own name first, then the fixed ones. */
export function blogSchema(categories: readonly string[]) {
  return z.object({
    title: required.max(200, "The title is too long."),
    content: required.max(100_000, "The article is too long."),
    author: required.max(100, "The author name is too long."),
    category: required.refine((value) => categories.includes(value), `Category must be one of: ${categories.join(", ")}.`),
    description: z.string().trim().max(300, "The description must be at most 300 characters.").optional(),
    keywords: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
    imageUrl: z
      .string()
      .trim()
      .refine((value) => value === "" || /^(https?:\/\/|\/)[^\s"'<>]*$/.test(value), "The image must be a web address or a path on this site.")
      .optional(),
    datePublished: z.coerce.date().optional(),
  });
}

export type BlogInput = z.output<ReturnType<typeof blogSchema>>;
