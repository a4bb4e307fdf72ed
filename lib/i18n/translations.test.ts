import { describe, expect, it } from "vitest";
import english from "@/messages/en";
import hindi from "@/messages/hi";
import { message } from "@/lib/catalogue";
import { messagesIn } from "./translations";

type Catalogue = { [key: string]: string | Catalogue };

/** Every text by its path, e.g. "shell.copyright". */
function texts(catalogue: Catalogue, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") found.set(path, value);
    else for (const [inner, text] of texts(value, path)) found.set(inner, text);
  }
  return found;
}

/** The values a text takes: "{year} {brand}" → ["brand", "year"]. */
function argumentsOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]))].sort();
}

describe("the Hindi and English texts", () => {
  const en = texts(english as Catalogue);
  const hi = texts(hindi as Catalogue);

  it("have the same texts, none missing in either language", () => {
    expect([...hi.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it("take the same arguments, so no value is dropped in translation", () => {
    for (const [path, text] of en) expect({ path, names: argumentsOf(hi.get(path) ?? "") }).toEqual({ path, names: argumentsOf(text) });
  });

  it("are translated, not copied (a single word such as a name may stay)", () => {
    const copied = [...en].filter(([path, text]) => hi.get(path) === text && /[a-z]{2,}\s+[a-z]{2,}/i.test(text.replace(/\{[^}]*\}/g, "")));
    expect(copied).toEqual([]);
  });
});

describe("the errors' translators", () => {
  it("are built once per language and kept, each speaking its own", async () => {
    const [inEnglish, again, inHindi] = await Promise.all([messagesIn("en"), messagesIn("en"), messagesIn("hi")]);
    expect(again).toBe(inEnglish);
    expect(await messagesIn("hi")).toBe(inHindi);
    expect(inEnglish(message("examStartQueue", { seconds: 2 }))).toMatch(/^Many participants are starting at once\..* 2 seconds\./);
    expect(inHindi(message("examStartQueue", { seconds: 2 }))).toMatch(/^एक साथ बहुत से प्रतिभागी क्विज़ शुरू कर रहे हैं।/);
  });
});
