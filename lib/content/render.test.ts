import { beforeAll, describe, expect, it } from "vitest";
import { ContentError, imageReferences, linkedImageUrls, renderContent, unsafeMarkup, type ContentKind } from "./render";

const MATHML = '<annotation encoding="application/x-tex">';

function failure(source: string, kind: ContentKind = "question"): ContentError {
  try {
    renderContent(source, kind);
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error(`rendered: ${source.slice(0, 60)}`);
}

/** Nothing that could run, link or load, whatever the input. */
function expectHarmless(html: string) {
  expect(unsafeMarkup(html)).toEqual([]);
  expect(html).not.toMatch(/<script|<a\s|<img\s|<iframe/i);
  expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
  expect(html).not.toMatch(/<[^>]*javascript:/i);
}

beforeAll(() => {
  // The timing guards below measure rendering, not KaTeX building its tables or the JIT warming up.
  for (let i = 0; i < 20; i++) renderContent("$$\\sqrt x \\frac ab \\underbrace{x} \\begin{matrix}a&b\\end{matrix} \\text{क}$$", "question");
});

describe("renderContent", () => {

  const cases: { name: string; source: string; kind?: ContentKind; contains: string[]; lacks?: string[] }[] = [
    {
      name: "inline maths in text",
      source: "Find $x$ if $x + 2 = 5$.",
      contains: ["<p>Find <span class=\"katex\">", "<math", `${MATHML}x + 2 = 5</annotation>`, ".</p>"],
      lacks: ["katex-display"],
    },
    {
      name: "display maths on its own lines",
      source: "Evaluate:\n$$\n\\int_0^1 x^2\\,dx\n$$\nto three places.",
      contains: ["<p>Evaluate:</p>", '<span class="katex-display">', `${MATHML}\n\\int_0^1 x^2\\,dx\n</annotation>`, "<p>to three places.</p>"],
    },
    {
      name: "display maths on one line",
      source: "$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$",
      contains: ['<span class="katex-display">', "<mfrac>"],
      lacks: ["<p>"],
    },
    {
      name: "an option that is a formula",
      source: "$\\frac{1}{2}$",
      kind: "option",
      contains: ['<span class="katex">', "<mfrac>", `${MATHML}\\frac{1}{2}</annotation>`],
      lacks: ["<p>"],
    },
    {
      name: "display maths in an option",
      source: "$$x^2$$",
      kind: "option",
      contains: ['<span class="katex-display">'],
    },
    {
      name: "Hindi with maths",
      source: "यदि $x^2 - 5x + 6 = 0$ है, तो x = ?",
      contains: ["<p>यदि <span", `${MATHML}x^2 - 5x + 6 = 0</annotation>`, "है, तो x = ?</p>"],
    },
    {
      name: "Hindi inside \\text",
      source: "$\\text{क्षेत्रफल} = \\pi r^2$",
      contains: ["<mtext>क्षेत्रफल</mtext>", "<mi>π</mi>"],
    },
    {
      name: "Hindi straight in maths",
      source: "$क्षेत्रफल = \\pi r^2$",
      contains: ["<mtext>क्षेत्रफल</mtext>"],
    },
    {
      name: "a table of values",
      source: "| $x$ | 1 | 2 |\n|:--|--:|:-:|\n| $x^2$ | 1 | 4 |",
      contains: ["<table>", '<th class="text-left"><span class="katex">', '<td class="text-right">1</td>', '<td class="text-center">4</td>', `${MATHML}x^2</annotation>`],
      lacks: ["style=\"text-align"],
    },
    {
      name: "lists",
      source: "Which are prime?\n\n1. $2$\n2. **4**\n\n- yes\n- no",
      contains: ["<ol>", "<li><span class=\"katex\">", "<li><strong>4</strong></li>", "<ul>", "<li>yes</li>"],
    },
    {
      name: "bold, italic and inline code",
      source: "**bold**, *italic*, _also_ and `a*b`",
      contains: ["<strong>bold</strong>", "<em>italic</em>", "<em>also</em>", "<code>a*b</code>"],
    },
    {
      name: "an escaped dollar",
      source: "It costs \\$5, or \\$6 with tax.",
      contains: ["<p>It costs $5, or $6 with tax.</p>"],
      lacks: ["katex"],
    },
    {
      name: "a dollar in maths",
      source: "$\\$5 + \\$6$",
      contains: [`${MATHML}\\$5 + \\$6</annotation>`],
    },
    {
      name: "maths that Markdown does not touch",
      source: "$a_1 * b_2 * c_3$ and $[x](y)$",
      contains: [`${MATHML}a_1 * b_2 * c_3</annotation>`, `${MATHML}[x](y)</annotation>`],
      lacks: ["<em>", "<a "],
    },
    {
      name: "dollars inside inline code",
      source: "Type `$x$` for maths.",
      contains: ["<code>$x$</code>"],
      lacks: ["katex"],
    },
    {
      name: "line breaks in a question",
      source: "First line\nsecond line",
      contains: ["<p>First line<br>\nsecond line</p>"],
    },
    {
      name: "line breaks in an option",
      source: "$x = 1$\nor $x = 2$",
      kind: "option",
      contains: ["<br>", `${MATHML}x = 2</annotation>`],
      lacks: ["<p>"],
    },
    {
      name: "Markdown left out renders as text",
      source: "# Heading\n\n> quote\n\n```\nfence\n```\n\n    indented\n\n---\n\n~~struck~~ <http://a.example> [x](https://a.example)",
      contains: ["<p># Heading</p>", "<p>&gt; quote</p>", "<code>fence</code>", "<p>indented</p>", "<p>---</p>", "~~struck~~", "&lt;http://a.example&gt;", "[x](https://a.example)"],
      lacks: ["<h1", "<blockquote", "<pre", "<hr", "<s>", "<del", "<a "],
    },
    {
      name: "an image renders as text",
      source: "![a](http://evil.example/x.png)",
      contains: ["<p>![a](http://evil.example/x.png)</p>"],
      lacks: ["<img"],
    },
    {
      name: "lists in an option stay text",
      source: "1. **one**",
      kind: "option",
      contains: ["1. <strong>one</strong>"],
      lacks: ["<ol"],
    },
  ];

  it.each(cases)("renders $name", ({ source, kind = "question", contains, lacks = [] }) => {
    const { html } = renderContent(source, kind);
    for (const part of contains) expect(html).toContain(part);
    for (const part of lacks) expect(html).not.toContain(part);
    expectHarmless(html);
  });

  it("renders chemistry and units (mhchem's \\ce and \\pu)", () => {
    const { html } = renderContent("Balance $\\ce{2H2 + O2 -> 2H2O}$; the acid is $\\ce{H2SO4}$, its heat $\\pu{-814 kJ mol-1}$.", "question");
    expect(html).toContain(`${MATHML}\\ce{H2SO4}</annotation>`);
    // Upright element symbols and their subscripts, as mhchem sets them.
    expect(html).toContain('<mi mathvariant="normal">S</mi><mi mathvariant="normal">O</mi>');
    expect(html).toContain('<mpadded height="0px"><mn>4</mn></mpadded>');
    expect(html).toContain('<mi mathvariant="normal">J</mi>');
    expect(html).not.toContain("Undefined control sequence");
    expectHarmless(html);
  });

  it("caps sizes at 10em", () => {
    const { html } = renderContent("$\\rule{100000em}{1em}$", "question");
    expect(html).toContain("border-right-width:10em");
    expect(html).not.toContain("100000em;");
  });

  it("keeps no definition from one render to the next", () => {
    expect(failure("$\\gdef\\z{1}\\z$").detail).toBe("\\gdef is not allowed");
    expect(failure("$\\z$").detail).toBe("Undefined control sequence: \\z");
  });

  it("styles only KaTeX's own layout, never from Markdown", () => {
    const { html } = renderContent("| a | b |\n|:-:|--:|\n| *1* | 2 |\n\n- **x**\n\n`y` &amp; <b style=\"color:red\">z</b>", "question");
    expect(html).not.toMatch(/<[^>]*style=/);
    expect(html).toContain("&lt;b style=&quot;color:red&quot;&gt;");
  });
});

describe("hostile content", () => {
  const b = (n: number) => "{".repeat(n);
  const e = (n: number) => "}".repeat(n);
  const hostile: { name: string; source: string; kind?: ContentKind }[] = [
    { name: "2,000 nested braces", source: `$${b(2000)}x${e(2000)}$` },
    { name: "60 nested braces", source: `$${b(60)}x${e(60)}$` },
    { name: "600 braces side by side", source: `$${"{x}".repeat(600)}$` },
    { name: "300 nested \\left(", source: `$${"\\left(".repeat(300)}x${"\\right)".repeat(300)}$` },
    { name: "nested environments", source: `$${"\\begin{matrix}".repeat(60)}x${"\\end{matrix}".repeat(60)}$` },
    { name: "a \\def loop", source: "$\\def\\a{\\a\\a}\\a$" },
    { name: "a \\def bomb", source: `$\\def\\a{${"x".repeat(700)}}${"\\a".repeat(95)}$` },
    { name: "a \\newcommand", source: "$\\newcommand{\\f}{x}\\f$" },
    { name: "\\bgroup nesting", source: `$${"\\bgroup".repeat(300)}x${"\\egroup".repeat(300)}$` },
    { name: "a huge \\rule", source: "$\\rule{100000em}{100000em}$" },
    { name: "a 1,200-cell matrix row", source: `$$\\begin{matrix}${"a&".repeat(1200)}a\\end{matrix}$$` },
    { name: "4,800 characters of \\sqrt", source: `$${"\\sqrt x ".repeat(600)}$` },
    { name: "\\href to javascript:", source: "$\\href{javascript:alert(1)}{x}$" },
    { name: "\\url", source: "$\\url{https://evil.example}$" },
    { name: "\\htmlClass", source: "$\\htmlClass{x}{y}$" },
    { name: "\\htmlStyle", source: "$\\htmlStyle{background:url(https://evil.example)}{y}$" },
    { name: "\\htmlId", source: "$\\htmlId{x}{y}$" },
    { name: "\\htmlData", source: "$\\htmlData{onclick=alert(1)}{y}$" },
    { name: "\\includegraphics", source: "$\\includegraphics{https://evil.example/x.png}$" },
    { name: "a colour that is CSS", source: "$\\color{red;background:url(javascript:alert(1))}x$" },
    { name: "a script in \\text", source: "$\\text{<script>alert(1)</script>}$" },
    { name: "a raw script", source: "<script>alert(1)</script>" },
    { name: "a javascript: link", source: "[a](javascript:alert(1))" },
    { name: "an autolink to javascript:", source: "<javascript:alert(1)>" },
    { name: "an image with onerror", source: '<img src=x onerror=alert(1)>' },
    { name: "an image in an option", source: '<img src=x onerror=alert(1)> ![a](http://evil.example/x.png)', kind: "option" },
    { name: "an entity-encoded script", source: "&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62;" },
    { name: "a 6,000-character question", source: "x".repeat(6000) },
    { name: "a 1,001-character option", source: "x".repeat(1001), kind: "option" },
    { name: "51 formulas", source: Array.from({ length: 51 }, (_, i) => `$x_{${i}}$`).join(" ") },
    { name: "lists nested 200 deep", source: "- ".repeat(200) + "x" },
    { name: "5,000 asterisks", source: "*".repeat(5000) },
    { name: "alternating emphasis", source: "*a _".repeat(1200) },
    { name: "5,000 backticks", source: "`".repeat(5000) },
    { name: "2,500 dollars", source: "$".repeat(2500) },
    { name: "2,500 escaped dollars", source: "\\$".repeat(2500) },
    { name: "a 4,000-character \\ce", source: `$\\ce{${"H2O + ".repeat(660)}}$` },
    { name: "\\ce nested 40 deep", source: `$\\ce{${"(".repeat(40)}H${")".repeat(40)}}$` },
    { name: "a table of 1,000 columns", source: `${"|a".repeat(1000)}|\n${"|-".repeat(1000)}|\n${"|1".repeat(400)}|` },
  ];

  it.each(hostile)("$name: harmless or refused, within a second (a hostile macro that stalls takes several; the suite shares two cores)", ({ source, kind = "question" }) => {
    const started = performance.now();
    try {
      expectHarmless(renderContent(source, kind).html);
    } catch (error) {
      expect(error).toBeInstanceOf(ContentError);
      const { line, column, detail } = error as ContentError;
      expect(line).toBeGreaterThanOrEqual(1);
      expect(column).toBeGreaterThanOrEqual(1);
      expect(detail).not.toBe("");
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it.each([
    ["\\href", "$\\href{javascript:alert(1)}{x}$"],
    ["\\url", "$\\url{https://evil.example}$"],
    ["\\htmlClass", "$\\htmlClass{x}{y}$"],
    ["\\htmlId", "$\\htmlId{x}{y}$"],
    ["\\htmlStyle", "$\\htmlStyle{color:red}{y}$"],
    ["\\htmlData", "$\\htmlData{a=b}{y}$"],
    ["\\includegraphics", "$\\includegraphics{x.png}$"],
    ["\\def", "$\\def\\a{\\a\\a}\\a$"],
  ])("refuses %s by name, where it stands", (command, source) => {
    expect(failure(`Text first.\n\nThen ${source}`)).toMatchObject({ line: 3, column: 7, detail: `${command} is not allowed` });
  });

  it("refuses more chemistry than a question holds, counted over all its formulas", () => {
    expect(failure(`$\\ce{${"H2O + ".repeat(200)}}$`)).toMatchObject({ line: 1, column: 2, detail: "more than 1000 characters of \\ce and \\pu" });
    const halves = `$\\ce{${"H2O + ".repeat(100)}}$`;
    expect(() => renderContent(halves, "question")).not.toThrow();
    expect(failure(`${halves}\n${halves}`)).toMatchObject({ line: 2, column: 2 });
  });

  it("refuses deep nesting, long sources and too many formulas", () => {
    expect(failure(`$${b(2000)}x${e(2000)}$`)).toMatchObject({ line: 1, column: 52, detail: "maths nested more than 50 deep" });
    expect(failure("x".repeat(6000))).toMatchObject({ line: 1, column: 5001, detail: "longer than 5000 characters" });
    expect(failure("x".repeat(1001), "option").detail).toBe("longer than 1000 characters");
    const formulas = Array.from({ length: 51 }, (_, i) => `$x_{${i}}$`);
    expect(failure(formulas.join("\n"))).toMatchObject({ line: 51, column: 2, detail: "more than 50 formulas" });
    expect(() => renderContent(formulas.slice(0, 50).join(" "), "question")).not.toThrow();
  });
});

describe("dollar signs and formulas", () => {
  const math = (html: string) => [...html.matchAll(/<annotation encoding="application\/x-tex">([^<]*)<\/annotation>/g)].map((match) => match[1]);

  it.each([
    ["prices on one line", "A pen costs $5 and a book costs $12.", "<p>A pen costs $5 and a book costs $12.</p>"],
    ["a price, then a formula on the next line", "It costs $5.\nSo $x$ is", null],
    ["a $ followed by a space", "Pay $ 5 or $x$", null],
    ["a closing $ after a space", "from $x $ to", "<p>from $x $ to</p>"],
    ["a closing $ followed by a digit", "$x$5", "<p>$x$5</p>"],
    ["a formula broken over two lines", "Let $x\ny$ be", "<p>Let $x<br>\ny$ be</p>"],
    ["a $ at the very end", "Total: 40$", "<p>Total: 40$</p>"],
  ])("%s: each $ with no closing $ on its line is a dollar sign, and said so", (_name, source, html) => {
    const rendered = renderContent(source, "question");
    if (html) expect(rendered.html).toBe(`${html}\n`);
    expect(rendered.loneDollar).toBe(true);
    expectHarmless(rendered.html);
  });

  it("keeps formulas that close on their line, and says nothing of dollars escaped or inside them", () => {
    const cases: [string, string[], boolean][] = [
      ["$x$ and $y$", ["x", "y"], false],
      ["$x$, then $5 on its own", ["x"], true],
      ["Pay \\$5 for $\\$5 + x$", ["\\$5 + x"], false],
      ["$a$$b$", ["a", "b"], false],
      ["| $5 | $x^2$ |\n|---|---|\n| 1 | 2 |", ["x^2"], true],
    ];
    for (const [source, formulas, loneDollar] of cases) {
      const rendered = renderContent(source, "question");
      expect(math(rendered.html)).toEqual(formulas);
      expect(rendered.loneDollar).toBe(loneDollar);
    }
    expect(renderContent("$\\frac12$", "option")).toMatchObject({ loneDollar: false });
    expect(renderContent("$5", "option")).toEqual({ html: "$5", loneDollar: true });
  });

  it("places a formula left open inside a line's formula where KaTeX stops", () => {
    // "$5 and $x$": the first $ closes at the third, and KaTeX is given "5 and $x".
    expect(failure("Pay $5 and $x$ now")).toMatchObject({ line: 1, column: 12 });
  });
});

describe("content errors", () => {
  it("places an unclosed $$", () => {
    expect(failure("Intro\n\n$$\nx + 1")).toMatchObject({ line: 3, column: 1, detail: "unclosed $$" });
    expect(failure("a $$x$ b")).toMatchObject({ line: 1, column: 3, detail: "unclosed $$" });
  });

  it("places an unknown command", () => {
    expect(failure("$\\foo$")).toMatchObject({ line: 1, column: 2, detail: "Undefined control sequence: \\foo" });
    expect(failure("Given $a + b$,\nfind $x + \\foo$.")).toMatchObject({ line: 2, column: 11 });
  });

  it("places errors in lists, tables, display blocks and options", () => {
    expect(failure("Intro\n\n- one\n  - two $x^{$")).toMatchObject({ line: 4, column: 13, detail: "Expected '}', got 'EOF'" });
    expect(failure("| a | b |\n|---|---|\n| 1 | $\\foo$ |")).toMatchObject({ line: 3, column: 8 });
    expect(failure("Solve\n$$\na +\n  \\foo\n$$")).toMatchObject({ line: 4, column: 3 });
    expect(failure("ok\n$\\frac12 + \\foo$", "option")).toMatchObject({ line: 2, column: 12 });
  });

  it("explains strict LaTeX briefly", () => {
    expect(failure("$50%$").detail).toMatch(/^% comment has no terminating newline/);
  });
});

describe("unsafeMarkup", () => {
  it("finds what could run, link or load, and passes escaped text", () => {
    expect(unsafeMarkup('<a href="https://x.example">x</a>')).toEqual(["<a>", "href= on <a>", "<a>"]);
    expect(unsafeMarkup("<img src=x onerror=alert(1)>")).toEqual(["src= on <img>", "onerror= on <img>", "<img> not served by the app"]);
    const own = `<img src="/api/question-images/${IMAGE_ID}" alt="A circuit" width="40" height="30">`;
    expect(unsafeMarkup(own)).toEqual([]);
    expect(unsafeMarkup(own.replace(">", ' class="x">'))).toEqual(["class= on <img>"]);
    expect(unsafeMarkup(`<img src="/api/question-images/${IMAGE_ID}/../../files/x" alt="a">`)).toEqual(['src= on <img>', "<img> not served by the app"]);
    expect(unsafeMarkup('<img alt="no source">')).toEqual(["<img> not served by the app"]);
    expect(unsafeMarkup('<span style="background:url(x)">')).toEqual(['style="background:url(x)" on <span>']);
    expect(unsafeMarkup('<span class="a" ONCLICK="x">')).toEqual(["ONCLICK= on <span>"]);
    expect(unsafeMarkup("<svg><foreignObject></foreignObject></svg>")).toEqual(["<foreignObject>", "<foreignObject>"]);
    expect(unsafeMarkup("<p>onload=1 javascript:alert(1) &lt;script&gt;</p>")).toEqual([]);
  });
});

const IMAGE_ID = "0b1e2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

describe("uploaded images in content", () => {
  const known = new Map([[IMAGE_ID, { width: 40, height: 30 }]]);

  it("render as the app's own <img> with the alt text and the stored size, in a question and in an option", () => {
    const { html } = renderContent(`See the circuit:\n\n![A cell & two "bulbs"](image:${IMAGE_ID})`, "question", known);
    expect(html).toContain(`<img src="/api/question-images/${IMAGE_ID}" alt="A cell &amp; two &quot;bulbs&quot;" width="40" height="30">`);
    expect(renderContent(`![एक वृत्त](image:${IMAGE_ID}) and $r^2$`, "option", known).html).toMatch(/^<img src="\/api\/question-images\/[^"]+" alt="एक वृत्त" width="40" height="30"> and <span class="katex">/);
    expect(imageReferences(`![a](image:${IMAGE_ID}) ![b](image:${IMAGE_ID}) ![c](https://x.example/c.png)`)).toEqual([IMAGE_ID]);
  });

  it("are refused without alt text or when never uploaded, naming the line and column", () => {
    expect(() => renderContent(`Line one\n\nsee ![ ](image:${IMAGE_ID})`, "question", known)).toThrow(new ContentError(3, 5, "an image needs alt text saying what it shows: ![what it shows](image:…)"));
    expect(() => renderContent(`![a circuit](image:${IMAGE_ID})`, "option")).toThrow(`image ${IMAGE_ID} is not one of the uploaded images`);
  });

  it("leave any other image as text: nothing on another host is loaded or linked", () => {
    const { html } = renderContent('![x](https://evil.example/x.png) ![y](javascript:alert(1)) ![z](/api/files/1)', "question", known);
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<a");
    expect(unsafeMarkup(html)).toEqual([]);
  });
});

describe("linkedImageUrls", () => {
  it("finds the old image-URL convention, Markdown images and bare image addresses", () => {
    expect(linkedImageUrls(" https://cdn.example/q1 ")).toEqual(["https://cdn.example/q1"]);
    expect(
      linkedImageUrls("See ![fig](https://cdn.example/fig) and (http://x.example/a.JPG?w=2), https://example.org/page, ![again](https://cdn.example/fig)."),
    ).toEqual(["https://cdn.example/fig", "http://x.example/a.JPG?w=2"]);
    expect(linkedImageUrls("$x^2$ and ftp://a.example/b.png")).toEqual([]);
  });
});
