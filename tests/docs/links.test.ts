import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const documents = ["README.md", ...readdirSync(join(root, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];

/** The text outside fenced code blocks, where a `#` is a shell comment and a link is an example. */
function prose(file: string): string {
  return readFileSync(join(root, file), "utf8").replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "");
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of prose(file).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = heading
      .replace(/`/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** Every relative link target in a file, as written: `[text](target)` and `![alt](target)`. */
function relativeLinks(file: string): string[] {
  return [...prose(file).matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)]
    .map(([, target]) => target)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe("the documentation", () => {
  it("keeps README.md a user's page, under 15 KB", () => {
    expect(statSync(join(root, "README.md")).size).toBeLessThan(15_000);
  });

  it.each(documents)("links from %s only to files and headings that exist", (file) => {
    const broken = relativeLinks(file).filter((target) => {
      const [path, anchor] = target.split("#");
      const linked = path ? relative(root, join(root, dirname(file), decodeURI(path))) : file;
      if (!existsSync(join(root, linked))) return true;
      return anchor !== undefined && linked.endsWith(".md") && !anchors(linked).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});
