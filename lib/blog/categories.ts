/** Lowercase ASCII words joined by hyphens: "Board Exams & Results" → "board-exams-results" ("" if none). */
export function slugify(text: string, maxLength = Infinity): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
}

/** A category's address segment: "Olympiad" → "olympiad", "result" → "result". */
export function categorySlug(category: string): string {
  return slugify(category) || "category";
}

export function categoryPath(category: string): string {
  return `/readblogs/category/${categorySlug(category)}`;
}

/** The category a slug names, among the known ones, or null. */
export function categoryFromSlug(slug: string, categories: readonly string[]): string | null {
  return categories.find((category) => categorySlug(category) === slug) ?? null;
}

/** Article addresses that other blog pages use (/readblogs/category/…): no article may take them. */
export const RESERVED_SLUGS = ["category"] as const;
