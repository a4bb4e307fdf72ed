import katex, { type KatexOptions } from "katex";
// Chemists write \ce{H2SO4} and units \pu{123 kJ mol-1} (mhchem): KaTeX ships it as macros it adds to itself.
import "katex/contrib/mhchem";
import MarkdownIt, { type StateBlock, type StateCore, type StateInline } from "markdown-it";
import type { ImageSize } from "@/lib/uploads";

/**
 * Question texts and options: a small Markdown subset with LaTeX maths, rendered once when a
 * question is saved and stored as HTML the exam shows as it is. The input is an admin's, but the
 * output reaches every candidate, so nothing in it may run, link, load or stall the server.
 */

export type ContentKind = "question" | "option";

export interface RenderedContent {
  html: string;
  /** A `$` not closed as a formula on its line was shown as a dollar sign: the author is told, in case a formula was meant. */
  loneDollar: boolean;
}

/** The images a text may show, by id: those uploaded, with the size their <img> states so nothing shifts as they load. */
export type KnownImages = ReadonlyMap<string, ImageSize>;

const IMAGE_PATH = "/api/question-images/";
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** `![alt text](image:<id>)`: the one way content shows an image, one of the quiz's own uploads. */
const IMAGE_REFERENCE = new RegExp(`!\\[([^\\]\\n]*)\\]\\(image:(${UUID})\\)`, "gy");
const SERVED_IMAGE = new RegExp(`^"${IMAGE_PATH}${UUID}"$`);

/** Where an uploaded question image is served (to who may see it). */
export function questionImageUrl(id: string): string {
  return `${IMAGE_PATH}${id}`;
}

/** The ids of the uploaded images a text shows, in order, once each. */
export function imageReferences(source: string): string[] {
  const pattern = new RegExp(IMAGE_REFERENCE.source, "g");
  return [...new Set([...source.matchAll(pattern)].map((match) => match[2]))];
}

/** Where the source cannot be rendered: 1-based line and column, and a short English reason. */
export class ContentError extends Error {
  constructor(
    public line: number,
    public column: number,
    public detail: string,
  ) {
    super(`line ${line}, column ${column}: ${detail}`);
    this.name = "ContentError";
  }
}

const MAX_LENGTH: Record<ContentKind, number> = { question: 5_000, option: 1_000 };
const MAX_MATHS = 50;
// KaTeX parses groups recursively: a few thousand nested braces overflow the stack.
const MAX_DEPTH = 50;
const MAX_BRACES = 500;
// A matrix row of 1,200 cells takes half a second; a 10×10 matrix has 90 `&`.
const MAX_CELLS = 200;
// Sent to every candidate for every question: 5,000 characters of \sqrt{x} would be 800 kB.
const MAX_HTML = 300_000;
// mhchem turns each character of \ce{…} into about 250 bytes of HTML: 4,000 characters took a
// second to render and were refused then. A balanced equation is under 100 characters.
const MAX_CHEMISTRY = 1_000;

/**
 * Refused before KaTeX sees them. trust: false would only paint the link and HTML commands red;
 * the author is better told. Definitions go too: maxExpand counts expansions, not their size, so
 * one 700-character \def used 95 times renders 700 kB in five seconds.
 */
const REFUSED = new Set([
  "\\href",
  "\\url",
  "\\includegraphics",
  "\\htmlClass",
  "\\htmlId",
  "\\htmlStyle",
  "\\htmlData",
  "\\def",
  "\\gdef",
  "\\edef",
  "\\xdef",
  "\\global",
  "\\let",
  "\\futurelet",
  "\\newcommand",
  "\\renewcommand",
  "\\providecommand",
]);

const COMMAND = /\\(?:[a-zA-Z@]+|[^])?/y;

interface Place {
  line: number;
  column: number;
}

interface Env {
  lines: string[];
  /** The 0-based source line of the block whose inline text is being parsed. */
  blockLine: number;
  maths: number;
  braces: number;
  cells: number;
  /** Characters inside \ce{…} and \pu{…}. */
  chemistry: number;
  loneDollar: boolean;
  images: KnownImages;
}

/** The length of the {…} group at `from` (after spaces), or 0 when there is none. */
function groupLength(tex: string, from: number): number {
  let start = from;
  while (tex[start] === " ") start++;
  if (tex[start] !== "{") return 0;
  let depth = 0;
  for (let i = start; i < tex.length; i++) {
    if (tex[i] === "\\") i++;
    else if (tex[i] === "{") depth++;
    else if (tex[i] === "}" && --depth === 0) return i - start + 1;
  }
  return tex.length - start;
}

/** Counts what could stall KaTeX; the offset in `tex` of the first thing refused. */
function refusal(tex: string, env: Env): { at: number; detail: string } | undefined {
  let depth = 0;
  for (let i = 0; i < tex.length; i++) {
    const char = tex[i];
    if (char === "\\") {
      COMMAND.lastIndex = i;
      const name = COMMAND.exec(tex)![0];
      if (REFUSED.has(name)) return { at: i, detail: `${name} is not allowed` };
      if ((name === "\\ce" || name === "\\pu") && (env.chemistry += groupLength(tex, i + name.length)) > MAX_CHEMISTRY) {
        return { at: i, detail: `more than ${MAX_CHEMISTRY} characters of \\ce and \\pu` };
      }
      if (name === "\\left" || name === "\\begin") depth++;
      else if (name === "\\right" || name === "\\end") depth--;
      i += name.length - 1;
    } else if (char === "{") {
      depth++;
      if (++env.braces > MAX_BRACES) return { at: i, detail: `more than ${MAX_BRACES} { in the maths` };
    } else if (char === "}") depth--;
    else if (char === "&" && ++env.cells > MAX_CELLS) return { at: i, detail: `more than ${MAX_CELLS} & in the maths` };
    if (depth > MAX_DEPTH) return { at: i, detail: `maths nested more than ${MAX_DEPTH} deep` };
  }
  return undefined;
}

function katexOptions(displayMode: boolean): KatexOptions {
  return {
    displayMode,
    output: "htmlAndMathml",
    trust: false,
    throwOnError: true,
    // Hindi written straight into maths ($क्षेत्रफल = \pi r^2$) is harmless text; the rest of
    // LaTeX's rules hold, so what renders here renders in LaTeX too.
    strict: (code) => (code === "unicodeTextInMathMode" ? "ignore" : "error"),
    maxExpand: 100,
    maxSize: 10,
    // Fresh each time: KaTeX writes \gdef into this object, and one question must not define another's.
    macros: {},
  };
}

/** `where(offset)` places an offset of `tex` in the source. */
function renderMaths(tex: string, displayMode: boolean, env: Env, where: (offset: number) => Place): string {
  const fail = (offset: number, detail: string) => {
    const { line, column } = where(offset);
    return new ContentError(line, column, detail);
  };
  if (++env.maths > MAX_MATHS) throw fail(0, `more than ${MAX_MATHS} formulas`);
  const refused = refusal(tex, env);
  if (refused) throw fail(refused.at, refused.detail);
  try {
    return katex.renderToString(tex, katexOptions(displayMode));
  } catch (error) {
    if (error instanceof katex.ParseError) {
      // A 0-based offset into `tex`, missing when no token is to blame (too many expansions) and
      // beyond `tex` when the token came out of one of KaTeX's own macros.
      const at = typeof error.position === "number" && error.position <= tex.length ? error.position : 0;
      throw fail(at, error.rawMessage.replace(/^LaTeX-incompatible input and strict mode is set to 'error': /, ""));
    }
    // Deep nesting ends in a RangeError (the stack) however the guards above are dodged.
    if (error instanceof RangeError) throw fail(0, "maths too complex");
    throw error;
  }
}

/** The index of the `$$` closing display maths that opened before `from`, or -1 (an inline `$`'s is inlineClosing's). */
function closing(text: string, from: number, end = text.length): number {
  for (let i = from; i < end; i++) {
    if (text[i] === "\\") i++;
    else if (text.startsWith("$$", i) && i + 2 <= end) return i;
  }
  return -1;
}

/**
 * The index of the `$` closing an inline formula opened at `start`, or -1 when that `$` is a dollar
 * sign. Pandoc's rule, on one line: the opening `$` is followed by a non-space, the closing one
 * follows a non-space and is not followed by a digit. So "a pen costs $5 and a book costs $12"
 * holds no formula, and a formula never runs on over a line break to a `$` further down.
 */
function inlineClosing(text: string, start: number, end = text.length): number {
  const lineEnd = text.indexOf("\n", start);
  const last = lineEnd === -1 || lineEnd > end ? end : lineEnd;
  if (start + 1 >= last || /\s/.test(text[start + 1])) return -1;
  for (let i = start + 1; i < last; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === "$" && !/\s/.test(text[i - 1]) && !/\d/.test(text[i + 1] ?? "")) return i;
  }
  return -1;
}

/** The 0-based line and column of `at` in `text`. */
function lineAndColumn(text: string, at: number): { line: number; column: number; lineStart: number } {
  const before = text.slice(0, at);
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length - 1, column: at - lineStart, lineStart };
}

/**
 * Places an offset of an inline text (a paragraph's, a list item's, a table cell's) in the source.
 * markdown-it strips indentation, list markers and a cell's pipes from each line, so the text's line
 * is found in the source line: as its end, or for a table cell, inside it.
 */
function placeInline(env: Env, text: string, at: number): Place {
  const { line, column, lineStart } = lineAndColumn(text, at);
  const lineEnd = text.indexOf("\n", lineStart);
  const piece = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd).trimEnd();
  const source = (env.lines[env.blockLine + line] ?? "").trimEnd();
  const start = source.endsWith(piece) ? source.length - piece.length : Math.max(0, source.indexOf(piece));
  return { line: env.blockLine + line + 1, column: start + column + 1 };
}

function mathInline(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (state.src[start] !== "$") return false;
  const delimiter = state.src.startsWith("$$", start) ? "$$" : "$";
  const env = state.env as Env;
  const end = delimiter === "$" ? inlineClosing(state.src, start, state.posMax) : closing(state.src, start + 2, state.posMax);
  if (end === -1 && delimiter === "$") {
    env.loneDollar = true;
    if (!silent) state.push("text", "", 0).content = "$";
    state.pos = start + 1;
    return true;
  }
  if (end === -1) {
    const { line, column } = placeInline(env, state.src, start);
    throw new ContentError(line, column, "unclosed $$");
  }
  if (!silent) {
    const from = start + delimiter.length;
    const token = state.push("math", "", 0);
    token.content = renderMaths(state.src.slice(from, end), delimiter === "$$", env, (offset) => placeInline(env, state.src, from + offset));
  }
  state.pos = end + delimiter.length;
  return true;
}

function imageInline(state: StateInline, silent: boolean): boolean {
  if (state.src[state.pos] !== "!") return false;
  IMAGE_REFERENCE.lastIndex = state.pos;
  const match = IMAGE_REFERENCE.exec(state.src);
  if (!match || state.pos + match[0].length > state.posMax) return false;
  const [reference, alt, id] = match;
  const env = state.env as Env;
  const fail = (detail: string) => {
    const { line, column } = placeInline(env, state.src, state.pos);
    return new ContentError(line, column, detail);
  };
  if (alt.trim() === "") throw fail("an image needs alt text saying what it shows: ![what it shows](image:…)");
  const size = env.images.get(id);
  if (!size) throw fail(`image ${id} is not one of the uploaded images: upload it again`);
  if (!silent) {
    const token = state.push("question_image", "img", 0);
    token.attrs = [
      ["src", questionImageUrl(id)],
      ["alt", alt.trim()],
      ["width", String(size.width)],
      ["height", String(size.height)],
    ];
  }
  state.pos += reference.length;
  return true;
}

/** `$$` at the start of a line, closed by `$$` at the end of the same or a later line. */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine] + state.tShift[startLine];
  if (!state.src.startsWith("$$", start)) return false;
  const end = closing(state.src, start + 2, state.eMarks[endLine - 1]);
  // Unclosed, or text after the closing $$: a paragraph's then, and its inline rule says what is wrong.
  if (end === -1) return false;
  let lastLine = startLine;
  while (state.eMarks[lastLine] < end) lastLine++;
  if (state.src.slice(end + 2, state.eMarks[lastLine]).trim() !== "") return false;
  if (silent) return true;
  const from = start + 2;
  const env = state.env as Env;
  const token = state.push("math", "", 0);
  token.map = [startLine, lastLine + 1];
  token.content = renderMaths(state.src.slice(from, end), true, env, (offset) => {
    const { line, column } = lineAndColumn(state.src, from + offset);
    return { line: line + 1, column: column + 1 };
  });
  state.line = lastLine + 1;
  return true;
}

/** markdown-it's own inline step, telling the maths which source line each inline text starts on. */
function inlineWithLines(state: StateCore): void {
  const env = state.env as Env;
  for (const token of state.tokens) {
    // A table cell has no map of its own: its row, just before it, has.
    if (token.map) env.blockLine = token.map[0];
    if (token.type === "inline") state.md.inline.parse(token.content, state.md, state.env, token.children ?? []);
  }
}

// Only what a question needs. "zero" starts with every rule off, so a rule markdown-it adds
// later stays off: no headings, quotes, code blocks, rules, links, images or raw HTML.
const markdown = new MarkdownIt("zero", { html: false, linkify: false, typographer: false, breaks: true });
markdown.enable(["list", "table", "newline", "escape", "backticks", "emphasis", "entity"]);
markdown.core.ruler.at("inline", inlineWithLines);
markdown.block.ruler.before("table", "math_block", mathBlock, { alt: ["paragraph"] });
markdown.inline.ruler.after("escape", "math", mathInline);
markdown.inline.ruler.after("math", "question_image", imageInline);
markdown.renderer.rules.question_image = (tokens, index, _options, _env, self) => `<img${self.renderAttrs(tokens[index])}>`;
markdown.renderer.rules.math = (tokens, index) => tokens[index].content + (tokens[index].block ? "\n" : "");

// A column's alignment as a class: then every style attribute in the output is KaTeX's.
const ALIGN: Record<string, string> = { left: "text-left", center: "text-center", right: "text-right" };
for (const rule of ["th_open", "td_open"]) {
  markdown.renderer.rules[rule] = (tokens, index, options, _env, self) => {
    const token = tokens[index];
    const align = /text-align:(\w+)/.exec(token.attrGet("style") ?? "")?.[1];
    token.attrs = align && ALIGN[align] ? [["class", ALIGN[align]]] : null;
    return self.renderToken(tokens, index, options);
  };
}

/** Renders a question (blocks: paragraphs, lists, tables) or an option (one line of inline text). */
export function renderContent(source: string, kind: ContentKind, images: KnownImages = new Map()): RenderedContent {
  const text = source.replace(/\r\n?/g, "\n");
  if (text.length > MAX_LENGTH[kind]) {
    const { line, column } = lineAndColumn(text, MAX_LENGTH[kind]);
    throw new ContentError(line + 1, column + 1, `longer than ${MAX_LENGTH[kind]} characters`);
  }
  const env: Env = { lines: text.split("\n"), blockLine: 0, maths: 0, braces: 0, cells: 0, chemistry: 0, loneDollar: false, images };
  const html = kind === "question" ? markdown.render(text, env) : markdown.renderInline(text, env);
  if (html.length > MAX_HTML) throw new ContentError(1, 1, `too large once rendered (${Math.round(html.length / 1000)} kB): simplify the maths`);
  const unsafe = unsafeMarkup(html);
  if (unsafe.length > 0) throw new ContentError(1, 1, `refused: ${unsafe[0]}`);
  return { html, loneDollar: env.loneDollar };
}

const SAFE_TAGS = new Set([
  // The Markdown subset.
  ..."p br strong em code ul ol li table thead tbody tr th td".split(" "),
  // An uploaded image, checked below: its src is the app's own image path and nothing else.
  "img",
  // KaTeX's HTML, SVG and MathML, less <a>, <img> and <mglyph> (\href, \includegraphics).
  ..."span svg path line".split(" "),
  ..."math semantics annotation mrow mi mo mn mtext mspace mover munder munderover msup msub msubsup mfrac mroot msqrt mtable mtr mtd mlabeledtr menclose mstyle mpadded mphantom".split(
    " ",
  ),
]);
const IMAGE_ATTRIBUTES = new Set(["src", "alt", "width", "height"]);
const URL_ATTRIBUTES = new Set(["href", "src", "xlink:href", "action", "formaction", "srcdoc", "background", "poster"]);

/**
 * What in rendered content could run, link or load: tags outside the subset, event handlers, URL
 * attributes, scripts in attribute values. Empty when the HTML is safe. Text is escaped by both
 * renderers, so every `<` in the output opens a tag; literal text such as "javascript:" is inert.
 */
export function unsafeMarkup(html: string): string[] {
  const found: string[] = [];
  for (const [, name, attributes] of html.matchAll(/<\/?([^\s/>]+)([^>]*)>/g)) {
    if (!SAFE_TAGS.has(name)) found.push(`<${name}>`);
    let ownImage = false;
    for (const [, attribute, value = ""] of attributes.matchAll(/([^\s=/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      const lower = attribute.toLowerCase();
      const ownSource = name === "img" && lower === "src" && SERVED_IMAGE.test(value);
      ownImage ||= ownSource;
      if (lower.startsWith("on") || (URL_ATTRIBUTES.has(lower) && !ownSource)) found.push(`${attribute}= on <${name}>`);
      else if (name === "img" && !IMAGE_ATTRIBUTES.has(lower)) found.push(`${attribute}= on <img>`);
      if (/javascript:|url\(|expression\(|@import|\\/i.test(value)) found.push(`${attribute}=${value} on <${name}>`);
    }
    if (name === "img" && !ownImage) found.push("<img> not served by the app");
  }
  return found;
}

const IMAGE_EXTENSION = /\.(png|jpe?g|gif|webp|avif|svg|bmp)([?#]|$)/i;

/**
 * External images a source still points at, in order, once each: Markdown images (which render as
 * text now), bare image addresses, and a source that is only an address (the old image convention,
 * which callers still show as an image). For the admin to replace with uploads.
 */
export function linkedImageUrls(source: string): string[] {
  const found: string[] = [];
  const trimmed = source.trim();
  if (/^https?:\/\/\S+$/i.test(trimmed)) found.push(trimmed);
  for (const [, url] of source.matchAll(/!\[[^\]]*\]\(\s*<?(https?:\/\/[^\s)>]+)/gi)) found.push(url);
  for (const [match] of source.matchAll(/https?:\/\/[^\s<>"'()[\]]+/gi)) {
    const url = match.replace(/[.,;:!?]+$/, "");
    if (IMAGE_EXTENSION.test(url)) found.push(url);
  }
  return [...new Set(found)];
}
