import MarkdownIt from "markdown-it";

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

export function renderMarkdown(source: string): string {
  return markdown.render(source);
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
