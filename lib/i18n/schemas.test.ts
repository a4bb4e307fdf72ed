import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage } from "./schemas";

describe("the language a browser prefers", () => {
  it("is Hindi for a Hindi browser, whatever its region", () => {
    expect(languageFromAcceptLanguage("hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("hi");
    expect(languageFromAcceptLanguage("hi")).toBe("hi");
  });

  it("follows the quality values, not the order", () => {
    expect(languageFromAcceptLanguage("en;q=0.5, hi;q=0.8")).toBe("hi");
    expect(languageFromAcceptLanguage("hi;q=0.2, en-IN")).toBe("en");
  });

  it("skips languages the app does not speak and those refused with q=0", () => {
    expect(languageFromAcceptLanguage("ta-IN, hi;q=0.6, en;q=0.4")).toBe("hi");
    expect(languageFromAcceptLanguage("hi;q=0, en;q=0.1")).toBe("en");
  });

  it("is none for no header, an unknown language or nonsense", () => {
    expect(languageFromAcceptLanguage(null)).toBeNull();
    expect(languageFromAcceptLanguage("fr-FR, de;q=0.9")).toBeNull();
    expect(languageFromAcceptLanguage(";;q=abc,,")).toBeNull();
  });
});
