import { describe, expect, it } from "vitest";
import english from "@/messages/en/blog.json";
import hindi from "@/messages/hi/blog.json";
import { categoryName, FIXED_CATEGORIES } from "./schemas";

describe("blog categories in the page's language", () => {
  it("names SPEC's categories in Hindi on Hindi pages and as SPEC writes them in English", () => {
    expect(FIXED_CATEGORIES.map((category) => categoryName(category, (fixed) => hindi.categoryNames[fixed]))).toEqual(["शिक्षा", "क्विज़", "जानकारी", "परिणाम", "विजेता"]);
    expect(FIXED_CATEGORIES.map((category) => categoryName(category, (fixed) => english.categoryNames[fixed]))).toEqual([...FIXED_CATEGORIES]);
  });

  it("keeps the brand's own category and any other as written", () => {
    expect(categoryName("Olympiad", (fixed) => hindi.categoryNames[fixed])).toBe("Olympiad");
    expect(categoryName("Education", (fixed) => hindi.categoryNames[fixed])).toBe("Education");
  });
});
