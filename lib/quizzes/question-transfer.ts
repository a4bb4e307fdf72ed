import "server-only";
import { randomUUID } from "node:crypto";
import { asc, inArray } from "drizzle-orm";
import { questions } from "@/db/schema";
import { service, type Actor } from "@/lib/auth";
import { CORRECT_OPTION_NOT_AN_OPTION, message, OPTION_INDEX_RANGE } from "@/lib/catalogue";
import { QuestionContentError, questionImageIds, renderQuestion, type KnownImages } from "@/lib/content";
import { parseCsv, toCsv } from "@/lib/csv";
import { getDb } from "@/lib/db";
import { Invalid } from "@/lib/errors";
import { checkedImage, imageSize, type CheckedImage, type ImageSize } from "@/lib/uploads";
import { imageFiles, knownImages, recordImageUses, saveQuestionImage } from "./images";
import { answerColumns, questionColumns } from "./questions";
import {
  answerList,
  contentProblemText,
  CSV_HEADER,
  CSV_REQUIRED_COLUMNS,
  MAX_OPTIONS,
  questionSchema,
  SINGLE_CORRECT_CSV_HEADER,
  SINGLE_CORRECT_CSV_REQUIRED_COLUMNS,
  typedAnswerFields,
  ZERO_BASED_CSV_HEADER,
  type QuestionInput,
} from "./schemas";
import { readZip, writeZip, ZipError } from "./zip";

interface ImportProblem {
  /** The line in the file, counting the header as line 1. */
  row: number;
  message: string;
}

/** What became of one line of the file: every line is reported, so the admin sees the whole file's fate. */
export type ImportRowReport = { row: number; status: "imported" } | { row: number; status: "skipped" | "error"; reason: string };

export interface ImportResult {
  imported: number;
  errors: ImportProblem[];
  rows: ImportRowReport[];
}

const SKIPPED_FOR_OTHER_ROWS = "Not imported: other rows have errors, and the file is imported whole or not at all.";

/** The folder of a ZIP the CSV's images are in, and what one ZIP may hold. */
const IMAGES_FOLDER = "images/";
export const ZIP_LIMITS = { entries: 1_000, entryBytes: 5 * 1024 * 1024, totalBytes: 200 * 1024 * 1024 };

/** An image that came with the file, under the id it will be stored with if the import goes ahead. */
interface ArrivedImage {
  id: string;
  fileName: string;
  image: CheckedImage;
  size: ImageSize;
}

/** `![alt](target)` whose target is a file name (an uploaded image's `image:` id and web addresses are left as they are). */
const FILE_REFERENCE = /!\[([^\]\n]*)\]\((?!image:|https?:)([^)\n]+)\)/g;

/**
 * A text with its images named by file (as a ZIP's CSV writes them: `images/circuit.png` or just
 * `circuit.png`) pointing at the images that came with it instead; the first name not among them.
 */
function withArrivedImages(text: string, arrived: ReadonlyMap<string, ArrivedImage>, used: Set<ArrivedImage>): { text: string; missing?: string } {
  let missing: string | undefined;
  const rewritten = text.replace(FILE_REFERENCE, (reference, alt: string, target: string) => {
    const image = arrived.get(target.trim().replace(/^\.?\/?images\//, ""));
    if (!image) {
      missing ??= target;
      return reference;
    }
    used.add(image);
    return `![${alt}](image:${image.id})`;
  });
  return { text: rewritten, missing };
}

/** A file's columns: today's, or those written before answer types (single correct of four), each with or without the Hindi version. */
const CSV_FORMATS = [
  { header: CSV_HEADER, widths: [CSV_HEADER.length, CSV_REQUIRED_COLUMNS] },
  { header: ZERO_BASED_CSV_HEADER, widths: [ZERO_BASED_CSV_HEADER.length, CSV_REQUIRED_COLUMNS] },
  { header: SINGLE_CORRECT_CSV_HEADER, widths: [SINGLE_CORRECT_CSV_HEADER.length, SINGLE_CORRECT_CSV_REQUIRED_COLUMNS] },
] as const;

/** The options a row gives: its cells up to the last one filled in (options 5 and 6 are often empty). */
function givenOptions(cells: string[]): string[] {
  const count = cells.findLastIndex((cell) => cell.trim() !== "") + 1;
  return cells.slice(0, count);
}

/** An option number as the form gives it (2 for Option 2) as the schema's 0-based index; anything else stays out of range for the schema to refuse. */
function optionIndexOf(number: string): string {
  const trimmed = number.trim();
  return /^\d{1,2}$/.test(trimmed) && Number(trimmed) >= 1 ? String(Number(trimmed) - 1) : "-1";
}

/** A line's cells as the question schema's fields, by the file's column names; blank cells are left out. */
function questionFieldsOf(named: Record<string, string | undefined>, withHindi: boolean) {
  const numbered = (suffix: string) => Array.from({ length: MAX_OPTIONS }, (_, index) => named[`option${index + 1}${suffix}`] ?? "");
  const filled = (cell: string | undefined) => (cell?.trim() ? cell : undefined);
  const correctOptions = named.correctOptionNumbers !== undefined ? answerList(named.correctOptionNumbers).map(optionIndexOf) : named.correctOptions === undefined ? undefined : answerList(named.correctOptions);
  const correctNumber = filled(named.correctOptionNumber);
  return {
    text: named.text,
    subject: named.subject,
    answerType: filled(named.answerType)?.trim().toLowerCase(),
    options: givenOptions(numbered("")),
    correctOptionIndex: correctNumber === undefined ? filled(named.correctOptionIndex) : optionIndexOf(correctNumber),
    correctOptions,
    acceptedAnswers: named.acceptedAnswers,
    answerMin: named.answerMin,
    answerMax: named.answerMax,
    tolerance: named.tolerance,
    answerDecimals: filled(named.answerDecimals),
    textHi: withHindi ? named.text_hi : undefined,
    optionsHi: withHindi ? numbered("_hi") : undefined,
  };
}

/** A row's first problem; a correct option out of range is told in the numbers of a file that numbers options from 1, not the API's 0-based index. */
function rowProblem(issue: { message: string }, format: readonly string[]): string {
  const outOfRange = issue.message === OPTION_INDEX_RANGE || issue.message === CORRECT_OPTION_NOT_AN_OPTION;
  return outOfRange && format.includes("correctOptionNumber") ? "The correct option number must be one of the options, numbered from 1 (Option 1) as the form numbers them." : issue.message;
}

type CheckedRow = { row: number; question: QuestionInput; rendered: Awaited<ReturnType<typeof renderQuestion>>; imageIds: string[] } | { row: number; message: string };

/**
 * All or nothing: every row is checked first, and if any is wrong nothing is stored and each bad
 * row is named, so a half-imported bank never happens. `rows` reports every line. Images that
 * came with the file (a ZIP's) are stored only if every row is good, and only those a row shows.
 */
async function importRows(author: Actor, csv: string, arrived: ReadonlyMap<string, ArrivedImage>): Promise<ImportResult> {
  const [header, ...lines] = parseCsv(csv);
  const columns = header?.map((cell) => cell.trim()).join();
  // The Hindi columns are optional as a group: files written before them still import, and so do files written before answer types.
  const format = CSV_FORMATS.flatMap(({ header: names, widths }) => widths.map((width) => names.slice(0, width))).find((names) => columns === names.join());
  if (!format) {
    const message = `The first line must be the header: ${CSV_HEADER.join(",")} (the last seven, the Hindi version, may be left out)`;
    return { imported: 0, errors: [{ row: 1, message }], rows: [{ row: 1, status: "error", reason: message }] };
  }
  if (lines.length === 0) return { imported: 0, errors: [{ row: 2, message: "The file has no questions." }], rows: [] };
  const db = await getDb();
  const used = new Set<ArrivedImage>();
  const withImages = lines.map((cells) => {
    const rewritten = cells.map((cell) => withArrivedImages(cell, arrived, used));
    return { cells: rewritten.map((cell) => cell.text), missing: rewritten.find((cell) => cell.missing)?.missing };
  });
  // Images already in this deployment, named by id (a CSV written by hand after uploading them).
  const stored = await knownImages(db, withImages.flatMap(({ cells }) => cells.flatMap((cell) => questionImageIds({ text: cell, options: [] }))));
  const images: KnownImages = new Map([...stored, ...[...used].map((image): [string, ImageSize] => [image.id, image.size])]);

  const checked = await Promise.all(
    withImages.map(async ({ cells, missing }, index): Promise<CheckedRow> => {
      const row = index + 2;
      if (missing) {
        const where = arrived.size > 0 ? "is not in the ZIP's images folder" : "needs a ZIP with the CSV and an images folder";
        return { row, message: `The image "${missing}" ${where}.` };
      }
      if (cells.length !== format.length) return { row, message: `Expected ${format.length} columns, found ${cells.length}.` };
      const parsed = questionSchema.safeParse(questionFieldsOf(Object.fromEntries(format.map((name, column) => [name, cells[column]])), format.includes("text_hi")));
      if (!parsed.success) return { row, message: rowProblem(parsed.error.issues[0], format) };
      try {
        // Rendered once: what is checked here is what is stored.
        return { row, question: parsed.data, rendered: await renderQuestion(parsed.data, images), imageIds: questionImageIds(parsed.data) };
      } catch (error) {
        if (error instanceof QuestionContentError) return { row, message: contentProblemText(error.field, error.problem) };
        throw error;
      }
    }),
  );
  const errors = checked.flatMap((line): ImportProblem[] => ("message" in line ? [{ row: line.row, message: line.message }] : []));
  if (errors.length > 0) {
    const rows = checked.map((line): ImportRowReport => ("message" in line ? { row: line.row, status: "error", reason: line.message } : { row: line.row, status: "skipped", reason: SKIPPED_FOR_OTHER_ROWS }));
    return { imported: 0, errors, rows };
  }
  const valid = checked.flatMap((line) => ("question" in line ? [line] : []));
  await db.transaction(async (tx) => {
    for (const image of used) await saveQuestionImage(tx, image.image, image.fileName, author.id || null, image.id);
    const inserted = await tx
      .insert(questions)
      .values(valid.map(({ question, rendered }) => ({ ...questionColumns(question), rendered, createdById: author.id })))
      .returning({ id: questions.id });
    await recordImageUses(tx, inserted.map(({ id }, index) => ({ questionId: id, imageIds: valid[index].imageIds })));
  });
  return { imported: valid.length, errors: [], rows: checked.map((line) => ({ row: line.row, status: "imported" })) };
}

/** A CSV of questions (images, if any, already uploaded and named by id). */
export const importQuestions = service("questions.edit", async (author, csv: string): Promise<ImportResult> => importRows(author, csv, new Map()));

/** The images of a ZIP's images folder, each checked like an upload, by file name. */
async function arrivedImages(entries: readonly { name: string; bytes: Buffer }[]): Promise<Map<string, ArrivedImage>> {
  const arrived = new Map<string, ArrivedImage>();
  for (const entry of entries) {
    if (!entry.name.startsWith(IMAGES_FOLDER)) continue;
    const fileName = entry.name.slice(IMAGES_FOLDER.length);
    const refused = (detail: string) => new Invalid(message("questionZipRefused", { detail: `"${entry.name}": ${detail}` }));
    let image: CheckedImage;
    try {
      image = await checkedImage(new File([new Uint8Array(entry.bytes)], fileName), message("questionImageRequired"));
    } catch (error) {
      if (error instanceof Invalid && error.text.id === "imageTooManyPixels") throw refused("more than 40 megapixels (8000 × 5000, say)");
      if (error instanceof Invalid) throw refused("not a PNG, JPEG, WebP or GIF image of at most 5 MB (SVG is not accepted)");
      throw error;
    }
    const size = imageSize(image.bytes);
    if (!size) throw refused("its size cannot be read: the image is damaged");
    arrived.set(fileName, { id: randomUUID(), fileName, image, size });
  }
  return arrived;
}

/**
 * A ZIP holding one CSV and an images folder the CSV names images from (`![alt](images/x.png)`):
 * refused whole (Invalid) when the archive itself is unsafe or an image is not one; otherwise
 * imported as a CSV is, all rows or none.
 */
export const importQuestionZip = service("questions.edit", async (author, zip: Buffer): Promise<ImportResult> => {
  let entries;
  try {
    entries = readZip(zip, ZIP_LIMITS);
  } catch (error) {
    if (error instanceof ZipError) throw new Invalid(message("questionZipRefused", { detail: error.message }));
    throw error;
  }
  const csvFiles = entries.filter((entry) => entry.name.toLowerCase().endsWith(".csv") && !entry.name.startsWith(IMAGES_FOLDER));
  if (csvFiles.length !== 1) throw new Invalid(message("questionZipRefused", { detail: `it must hold exactly one CSV file beside the images folder (found ${csvFiles.length})` }));
  return importRows(author, csvFiles[0].bytes.toString("utf8"), await arrivedImages(entries));
});

async function bankRows(questionIds?: string[]) {
  const db = await getDb();
  return db
    .select({ text: questions.text, subject: questions.subject, ...answerColumns, textHi: questions.textHi, optionsHi: questions.optionsHi })
    .from(questions)
    .where(questionIds ? inArray(questions.id, questionIds) : undefined)
    .orderBy(asc(questions.subject), asc(questions.text));
}

function csvOf(rows: Awaited<ReturnType<typeof bankRows>>): string {
  const options = (texts: readonly string[] | null) => Array.from({ length: MAX_OPTIONS }, (_, index) => texts?.[index] ?? "");
  return toCsv([
    CSV_HEADER,
    ...rows.map((row) => {
      const typed = row.acceptedAnswers ? typedAnswerFields(row) : null;
      return [
        row.text,
        row.subject,
        row.answerType,
        ...options(row.options),
        row.correctOptionIndex === null ? "" : String(row.correctOptionIndex + 1),
        row.correctOptions?.map((index) => index + 1).join(",") ?? "",
        typed?.acceptedAnswers ?? "",
        typed?.answerMin ?? "",
        typed?.answerMax ?? "",
        typed?.tolerance ?? "",
        typed?.answerDecimals ?? "",
        row.textHi ?? "",
        ...options(row.optionsHi),
      ];
    }),
  ]);
}

/** The bank as CSV, in the import's format (images named by their ids in this deployment). */
export const exportQuestions = service("questions.edit", async (_actor, questionIds?: string[]): Promise<string> => csvOf(await bankRows(questionIds)));

/**
 * The bank as a ZIP another deployment imports as it is: questions.csv, its images named by file
 * in the images folder (each image's upload name, made unique).
 */
export const exportQuestionZip = service("questions.edit", async (_actor): Promise<Buffer> => {
  const rows = await bankRows();
  const ids = [...new Set(rows.flatMap((row) => questionImageIds(row)))];
  const files = await imageFiles(await getDb(), ids);
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const file of files) {
    // A name a Markdown reference can hold as it is: no spaces.
    const stem = file.fileName.replace(/\.[^.]*$/, "").replace(/\s+/g, "-") || "image";
    let name = `${stem}.${file.extension}`;
    for (let copy = 2; taken.has(name.toLowerCase()); copy++) name = `${stem}-${copy}.${file.extension}`;
    taken.add(name.toLowerCase());
    names.set(file.id, name);
  }
  const byFile = (text: string) => text.replace(/\]\(image:([0-9a-f-]{36})\)/g, (reference, id: string) => (names.has(id) ? `](${IMAGES_FOLDER}${names.get(id)})` : reference));
  const portable = rows.map((row) => ({ ...row, text: byFile(row.text), options: row.options.map(byFile), textHi: row.textHi && byFile(row.textHi), optionsHi: row.optionsHi?.map(byFile) ?? null }));
  return writeZip([
    { name: "questions.csv", bytes: Buffer.from(csvOf(portable), "utf8") },
    ...files.map((file) => ({ name: `${IMAGES_FOLDER}${names.get(file.id)}`, bytes: file.bytes })),
  ]);
});
