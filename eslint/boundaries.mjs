/**
 * The house's import rules, enforced (see docs/architecture.md):
 * - capability-boundaries: a module outside lib/<capability>/ imports only its door
 *   (lib/<capability>/index.ts) or its client-safe schemas; only lib/ reaches the database
 *   and storage, or takes a type from them.
 * - client-imports: a "use client" module takes only types from server doors.
 * - server-only: a lib/ module that touches the database or storage starts with
 *   `import "server-only"`, so a client bundle can never pull it in.
 * - one-way: the exam's capabilities import each other in one direction only,
 *   results → review → exam → quizzes.
 */
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Modules of a capability other folders may import, besides its door. */
const PUBLIC_ENTRIES = {
  "*": ["schemas"],
  accounts: ["schemas", "steps"],
  auth: ["schemas", "cookie"],
  http: ["headers"],
};

/** Single-file shared modules, open to everyone. */
const SHARED_MODULES = new Set(["config", "csv", "errors", "format", "marks", "money", "catalogue", "validation"]);

/** What a browser module may import values from. */
const CLIENT_SAFE = [/^lib\/[\w-]+\/schemas$/, /^lib\/accounts\/steps$/, /^lib\/client$/, /^lib\/(catalogue|csv|format|marks|money|validation)$/];

/**
 * The exam's capabilities in the one order their imports may run: each may use those after it,
 * never those before (a published result reads reviews, reviews read attempts, attempts read quizzes).
 */
const ONE_WAY = ["results", "review", "exam", "quizzes"];

/** The database and storage: reached through lib/ capabilities only. */
const PERSISTENCE = [/^lib\/db(\/|$)/, /^db\//, /^lib\/storage(\/|$)/];
const PERSISTENCE_PACKAGES = [/^pg$/, /^drizzle-orm/];

/** The project-relative path a specifier points at (without extension), or null for a package. */
function target(specifier, filename) {
  if (specifier.startsWith("@/")) return specifier.slice(2).replace(/\.(tsx?|mjs)$/, "").replace(/\/index$/, "");
  if (specifier.startsWith(".")) {
    const absolute = path.resolve(path.dirname(filename), specifier);
    return path.relative(ROOT, absolute).split(path.sep).join("/").replace(/\.(tsx?|mjs)$/, "").replace(/\/index$/, "");
  }
  return null;
}

function isPersistence(specifier, resolved) {
  return resolved ? PERSISTENCE.some((pattern) => pattern.test(resolved)) : PERSISTENCE_PACKAGES.some((pattern) => pattern.test(specifier));
}

function relativeFile(filename) {
  return path.relative(ROOT, filename).split(path.sep).join("/");
}

function capabilityOf(file) {
  const match = /^lib\/([\w-]+)\//.exec(file);
  return match ? match[1] : null;
}

function isTypeOnly(node) {
  return node.importKind === "type" || (node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.importKind === "type"));
}

function importSources(context, check) {
  const visit = (node) => node.source && typeof node.source.value === "string" && check(node, node.source.value);
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
}

const capabilityBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Import another capability only through its door; reach the database and storage only from lib/." },
    schema: [],
    messages: {
      internal: "'{{specifier}}' is internal to lib/{{capability}}: import its door '@/lib/{{capability}}'{{entries}} instead.",
      persistence: "'{{specifier}}' is the database or storage: only lib/<capability> services reach it. Call a service instead.",
    },
  },
  create(context) {
    const file = relativeFile(context.filename);
    const ownCapability = capabilityOf(file);
    return importSources(context, (node, specifier) => {
      const resolved = target(specifier, context.filename);
      // Not even a type: a screen that takes a table's type changes when the table does.
      if (isPersistence(specifier, resolved) && !file.startsWith("lib/")) {
        context.report({ node, messageId: "persistence", data: { specifier } });
        return;
      }
      if (!resolved?.startsWith("lib/")) return;
      const [, capability, ...rest] = resolved.split("/");
      if (rest.length === 0 || capability === ownCapability || SHARED_MODULES.has(capability)) return;
      const entries = PUBLIC_ENTRIES[capability] ?? PUBLIC_ENTRIES["*"];
      if (entries.includes(rest.join("/"))) return;
      context.report({
        node,
        messageId: "internal",
        data: { specifier, capability, entries: entries.length ? ` or ${entries.map((entry) => `'@/lib/${capability}/${entry}'`).join(", ")}` : "" },
      });
    });
  },
};

const clientImports = {
  meta: {
    type: "problem",
    docs: { description: "A client component imports values only from client-safe modules; from server doors, types only." },
    schema: [],
    messages: {
      serverValue: "A \"use client\" module may import only types from '{{specifier}}'. Values come from lib/<capability>/schemas, lib/client, lib/csv, lib/format, lib/marks, lib/money, lib/catalogue or lib/validation, or as props from the page.",
    },
  },
  create(context) {
    const isClientModule = context.sourceCode.ast.body.some(
      (statement) => statement.type === "ExpressionStatement" && statement.directive === "use client",
    );
    if (!isClientModule) return {};
    return importSources(context, (node, specifier) => {
      const resolved = target(specifier, context.filename);
      if (!resolved?.startsWith("lib/") || isTypeOnly(node)) return;
      if (CLIENT_SAFE.some((pattern) => pattern.test(resolved))) return;
      context.report({ node, messageId: "serverValue", data: { specifier } });
    });
  },
};

const serverOnly = {
  meta: {
    type: "problem",
    docs: { description: "A lib/ module that touches the database or storage starts with import \"server-only\"." },
    schema: [],
    messages: { missing: "This module touches the database or storage: start it with `import \"server-only\";`." },
  },
  create(context) {
    const file = relativeFile(context.filename);
    if (!file.startsWith("lib/") || /\.test\.ts$/.test(file)) return {};
    const body = context.sourceCode.ast.body;
    const first = body.find((statement) => statement.type === "ImportDeclaration");
    const marked = first?.source.value === "server-only";
    return {
      ImportDeclaration(node) {
        if (marked || isTypeOnly(node)) return;
        const specifier = node.source.value;
        if (isPersistence(specifier, target(specifier, context.filename))) context.report({ node, messageId: "missing" });
      },
    };
  },
};

const oneWay = {
  meta: {
    type: "problem",
    docs: { description: `The exam's capabilities import one way: ${ONE_WAY.join(" → ")}.` },
    schema: [],
    messages: { backwards: "lib/{{from}} may not import lib/{{to}}: imports run {{order}}. Move what both need to lib/{{to}}'s side, or call it from lib/{{to}}." },
  },
  create(context) {
    const file = relativeFile(context.filename);
    const from = capabilityOf(file);
    if (!ONE_WAY.includes(from) || /\.test\.ts$/.test(file)) return {};
    return importSources(context, (node, specifier) => {
      const to = capabilityOf(`${target(specifier, context.filename) ?? ""}/`);
      if (to && ONE_WAY.indexOf(to) < ONE_WAY.indexOf(from) && ONE_WAY.includes(to)) {
        context.report({ node, messageId: "backwards", data: { from, to, order: ONE_WAY.join(" → ") } });
      }
    });
  },
};

const plugin = {
  meta: { name: "olympiad" },
  rules: { "capability-boundaries": capabilityBoundaries, "client-imports": clientImports, "server-only": serverOnly, "one-way": oneWay },
};

export default plugin;
