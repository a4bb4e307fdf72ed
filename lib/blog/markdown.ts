import MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import type { ImageSize } from "@/lib/uploads";

/**
 * Blog posts are Markdown written by admins. Raw HTML is not allowed through at all (html:
 * false escapes it), and markdown-it refuses javascript:, vbscript: and data: links, so a
 * post can never inject a script into the public blog.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const href = tokens[index].attrGet("href") ?? "";
  if (/^https?:\/\//i.test(href)) {
    tokens[index].attrSet("rel", "noopener noreferrer nofollow");
    tokens[index].attrSet("target", "_blank");
  }
  return defaultLinkOpen(tokens, index, options, env, self);
};

interface RenderEnv {
  imageSizes?: ReadonlyMap<string, ImageSize>;
}

const defaultImage = markdown.renderer.rules.image!;
/** Images below the cover load as they come into view, at their known size so nothing shifts. */
markdown.renderer.rules.image = (tokens, index, options, env: RenderEnv, self) => {
  const token = tokens[index];
  const size = env.imageSizes?.get(token.attrGet("src") ?? "");
  if (size) {
    token.attrSet("width", String(size.width));
    token.attrSet("height", String(size.height));
  }
  token.attrSet("loading", "lazy");
  token.attrSet("decoding", "async");
  return defaultImage(tokens, index, options, env, self);
};

/** `imageSizes`: the width and height of the post's images, by address, where they are known. */
export function renderMarkdown(source: string, imageSizes?: ReadonlyMap<string, ImageSize>): string {
  return markdown.render(source, { imageSizes } satisfies RenderEnv);
}

/** The addresses of the images in a post, as the renderer will see them. */
export function imageSources(source: string): string[] {
  const found: string[] = [];
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "image") found.push(token.attrGet("src") ?? "");
      if (token.children) visit(token.children);
    }
  };
  visit(markdown.parse(source, {}));
  return found.filter(Boolean);
}

/** Plain text of a post, for excerpts and meta descriptions. */
export function plainText(source: string): string {
  return markdown
    .render(source)
    // Block elements separate words; inline ones (bold, links) sit inside them.
    .replace(/<\/?(p|h[1-6]|li|ul|ol|blockquote|pre|br|hr|table|tr|td|th)\b[^>]*>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The spec's excerpt: the first 10 words. */
export function excerpt(source: string, words = 10): string {
  const all = plainText(source).split(" ");
  return all.length > words ? `${all.slice(0, words).join(" ")}…` : all.join(" ");
}
