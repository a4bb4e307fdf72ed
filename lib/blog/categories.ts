/** A category's address segment: "Olympiad" → "olympiad", "result" → "result". */
export function categorySlug(category: string): string {
  return (
    category
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "category"
  );
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
