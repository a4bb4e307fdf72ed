import { deflateRawSync } from "node:zlib";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as addQuestion } from "@/app/api/addquestions/route";
import { POST as start } from "@/app/api/exam/[quizId]/start/route";
import { GET as readImage } from "@/app/api/question-images/[id]/route";
import { POST as uploadImage } from "@/app/api/question-images/route";
import { GET as exportBank } from "@/app/api/questions/export/route";
import { POST as importBank } from "@/app/api/questions/import/route";
import { questionImages, questionImageUses, questions, quizQuestions, quizzes } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { readZip, writeZip, type ZipEntry } from "@/lib/quizzes/zip";
import { ZIP_LIMITS } from "@/lib/quizzes/question-transfer";
import { SINGLE_CORRECT_CSV_HEADER } from "@/lib/quizzes/schemas";
import { encodeGreyPng } from "@/lib/seed/diagram";
import { DEMO_DIAGRAM_ID } from "@/lib/seed/demo-questions";
import { openExam, paidParticipant } from "@/tests/support/exam";
import { call } from "@/tests/support/http";
import { pngDeclaring } from "@/tests/support/images";
import { admin, participant } from "@/tests/support/users";

afterAll(closeDatabase);

const tag = () => `img${Math.random().toString(36).slice(2, 8)}`;
const png = (width = 40, height = 30) => encodeGreyPng(width, height, new Uint8Array(width * height).fill(128));

function fileForm(bytes: Uint8Array | string, name: string): FormData {
  const form = new FormData();
  form.set("file", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name));
  return form;
}

async function uploaded(bytes: Uint8Array = png()) {
  const response = await call(uploadImage, { as: await admin(), form: fileForm(bytes, "circuit diagram.png") });
  expect(response.status).toBe(201);
  return response.body as { id: string; width: number; height: number; url: string; reference: string; fileName: string };
}

function diagramQuestion(label: string, imageId: string) {
  return {
    text: `${label}: the circuit\n\n![A cell and two bulbs in series](image:${imageId})\n\nWhich bulb is brighter?`,
    subject: "Physics",
    options: ["The first", "The second", "Both the same", "Neither"],
    correctOptionIndex: 2,
    textHi: `${label}: परिपथ\n\n![श्रेणी में एक सेल और दो बल्ब](image:${imageId})\n\nकौन-सा बल्ब अधिक चमकीला है?`,
    optionsHi: ["पहला", "दूसरा", "दोनों समान", "कोई नहीं"],
  };
}

async function countImages() {
  const db = await getDb();
  return (await db.select({ id: questionImages.id }).from(questionImages)).length;
}

describe("question images", () => {
  it("are uploaded by admins only, checked by their bytes (SVG and text refused, nothing stored), with their pixel size", async () => {
    const image = await uploaded(png(64, 48));
    expect(image).toMatchObject({ width: 64, height: 48, fileName: "circuit diagram.png", url: `/api/question-images/${image.id}`, reference: `![](image:${image.id})` });

    const before = await countImages();
    const boss = await admin();
    const svg = await call(uploadImage, { as: boss, form: fileForm('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "diagram.png") });
    expect(svg.status).toBe(400);
    expect(svg.body.message).toBe("SVG images are not accepted, as they can carry scripts: upload a PNG, JPEG, WebP or GIF.");
    const text = await call(uploadImage, { as: boss, form: fileForm("just some text, not an image at all", "diagram.png") });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe("Please upload an image file (JPEG, PNG, WebP or GIF).");
    const bomb = await call(uploadImage, { as: boss, form: fileForm(pngDeclaring(16_000, 16_000), "diagram.png") });
    expect(bomb.status).toBe(400);
    expect(bomb.body.message).toBe("The image is too large: it may have at most 40 megapixels (8000 × 5000, say). Please upload a smaller image.");
    const none = await call(uploadImage, { as: boss, form: new FormData() });
    expect(none.status).toBe(400);
    const notAdmin = await call(uploadImage, { as: await participant(), form: fileForm(png(), "a.png") });
    expect(notAdmin.status).toBe(403);
    expect(await countImages()).toBe(before);
  });

  it("are shown in a question with their alt text in each language; one without alt text or never uploaded is refused", async () => {
    const image = await uploaded();
    const boss = await admin();
    const created = await call(addQuestion, { as: boss, json: diagramQuestion(tag(), image.id) });
    expect(created.status).toBe(201);
    const questionId = (created.body.question as { id: string }).id;
    const db = await getDb();
    const [row] = await db.select().from(questions).where(eq(questions.id, questionId));
    expect(row.rendered!.en.text).toContain(`<img src="/api/question-images/${image.id}" alt="A cell and two bulbs in series" width="40" height="30">`);
    expect(row.rendered!.hi!.text).toContain('alt="श्रेणी में एक सेल और दो बल्ब"');
    expect(await db.select().from(questionImageUses).where(eq(questionImageUses.questionId, questionId))).toEqual([{ questionId, imageId: image.id }]);

    const label = tag();
    const noAlt = await call(addQuestion, { as: boss, json: { ...diagramQuestion(label, image.id), text: `${label}\n\n![ ](image:${image.id})` } });
    expect(noAlt.status).toBe(400);
    expect(noAlt.body.message).toContain("an image needs alt text");
    const unknownId = "0b1e2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
    const unknown = await call(addQuestion, { as: boss, json: diagramQuestion(label, unknownId) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain(`image ${unknownId} is not one of the uploaded images`);
    const englishOnly = await call(addQuestion, { as: boss, json: { ...diagramQuestion(label, image.id), textHi: `${label}: परिपथ`, optionsHi: ["पहला", "दूसरा", "दोनों समान", "कोई नहीं"] } });
    expect(englishOnly.status).toBe(400);
    expect(englishOnly.body.message).toContain("show it here too, with alt text in Hindi");
    expect(await db.select({ id: questions.id }).from(questions).where(like(questions.text, `${label}%`))).toEqual([]);
  });

  it("of a paid quiz are served to admins and to participants who started it, and to no one else, until results are out", async () => {
    const image = await uploaded();
    const boss = await admin();
    const created = await call(addQuestion, { as: boss, json: diagramQuestion(tag(), image.id) });
    const { quiz } = await openExam({ count: 2 });
    const db = await getDb();
    await db.insert(quizQuestions).values({ quizId: quiz.id, questionId: (created.body.question as { id: string }).id, position: 2 });
    const read = (as: Awaited<ReturnType<typeof admin>> | null) => call(readImage, { as, params: { id: image.id } });

    expect((await read(null)).status).toBe(404);
    const paidNotStarted = await paidParticipant(quiz.id);
    expect((await read(paidNotStarted)).status).toBe(404);
    expect((await read(await participant())).status).toBe(404);

    const taker = await paidParticipant(quiz.id);
    expect((await call(start, { as: taker, params: { quizId: quiz.id } })).status).toBeLessThan(300);
    const served = await read(taker);
    expect(served.status).toBe(200);
    expect(served.response.headers.get("content-type")).toBe("image/png");
    expect(served.response.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(Buffer.from(await served.response.arrayBuffer()).equals(png())).toBe(true);
    expect((await read(boss)).status).toBe(200);

    await db.update(quizzes).set({ resultsPublishedAt: new Date() }).where(eq(quizzes.id, quiz.id));
    const published = await read(null);
    expect(published.status).toBe(200);
    expect(published.response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await call(readImage, { params: { id: "not-a-uuid" } })).body.message).toBe("File not found.");
  });

  it("in a quiz whose results are out stay private while another quiz using them has not published its own", async () => {
    const image = await uploaded();
    const created = await call(addQuestion, { as: await admin(), json: diagramQuestion(tag(), image.id) });
    const questionId = (created.body.question as { id: string }).id;
    const [earlier, later] = [await openExam({ count: 1 }), await openExam({ count: 1 })];
    const db = await getDb();
    await db.insert(quizQuestions).values([earlier, later].map(({ quiz }) => ({ quizId: quiz.id, questionId, position: 1 })));
    const taker = await paidParticipant(earlier.quiz.id);
    expect((await call(start, { as: taker, params: { quizId: earlier.quiz.id } })).status).toBeLessThan(300);
    await db.update(quizzes).set({ resultsPublishedAt: new Date() }).where(eq(quizzes.id, earlier.quiz.id));
    const read = (as: Awaited<ReturnType<typeof admin>> | null) => call(readImage, { as, params: { id: image.id } });

    expect((await read(null)).status).toBe(404);
    expect((await read(await participant())).status).toBe(404);
    const served = await read(taker);
    expect(served.status).toBe(200);
    expect(served.response.headers.get("cache-control")).toBe("private, max-age=3600");

    await db.update(quizzes).set({ resultsPublishedAt: new Date() }).where(eq(quizzes.id, later.quiz.id));
    const published = await read(null);
    expect(published.status).toBe(200);
    expect(published.response.headers.get("cache-control")).toBe("public, max-age=86400");
  });

  it("of the demo quiz are public: its diagram is a real PNG anyone may load", async () => {
    const served = await call(readImage, { params: { id: DEMO_DIAGRAM_ID } });
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.response.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    expect(served.response.headers.get("cache-control")).toBe("public, max-age=86400");
  });
});

function csvRow(cells: string[]): string {
  return cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(",");
}

function bankZip(rows: string[][], images: ZipEntry[]): Buffer {
  return writeZip([{ name: "questions.csv", bytes: Buffer.from([SINGLE_CORRECT_CSV_HEADER.join(","), ...rows.map(csvRow)].join("\n")) }, ...images]);
}

function zipRow(label: string, image: string): string[] {
  return [`${label}: the figure\n\n![A square of side 3 cm](${image})`, "Maths", "6", "9", "12", "$3^3$", "1", `${label}: आकृति\n\n![3 cm भुजा वाला वर्ग](${image})`, "6", "9", "12", "$3^3$"];
}

async function questionsLabelled(label: string) {
  const db = await getDb();
  return db.select().from(questions).where(like(questions.text, `${label}%`));
}

describe("a ZIP of a CSV and its images", () => {
  it("imports all rows or none: a row naming an image that is not there is named, and nothing is stored", async () => {
    const label = tag();
    const before = await countImages();
    const zip = bankZip([zipRow(label, "images/square.png"), zipRow(`${label}b`, "images/missing.png")], [{ name: "images/square.png", bytes: png() }]);
    const refused = await call(importBank, { as: await admin(), form: fileForm(zip, "bank.zip") });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ row: 3, message: 'The image "images/missing.png" is not in the ZIP\'s images folder.' }]);
    expect((refused.body.rows as { status: string }[]).map((row) => row.status)).toEqual(["skipped", "error"]);
    expect(await questionsLabelled(label)).toEqual([]);
    expect(await countImages()).toBe(before);
  });

  it("stores the questions with their images, and the export is a ZIP another deployment imports as it is", async () => {
    const label = tag();
    const boss = await admin();
    const zip = bankZip([zipRow(label, "images/square.png"), zipRow(`${label}b`, "square.png")], [{ name: "images/square.png", bytes: png(30, 30) }]);
    const imported = await call(importBank, { as: boss, form: fileForm(zip, "bank.zip") });
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toBe(2);
    const stored = await questionsLabelled(label);
    expect(stored).toHaveLength(2);
    const [imageId] = /image:([0-9a-f-]{36})/.exec(stored[0].text)!.slice(1);
    // Both rows name the same file: one image, shown by both questions.
    for (const question of stored) expect(question.rendered!.en.text).toContain(`src="/api/question-images/${imageId}" alt="A square of side 3 cm" width="30" height="30"`);
    const db = await getDb();
    expect(await db.select().from(questionImageUses).where(inArray(questionImageUses.questionId, stored.map((question) => question.id)))).toHaveLength(2);

    expect((await call(addQuestion, { as: boss, json: diagramQuestion(tag(), (await uploaded()).id) })).status).toBe(201);
    const exported = await call(exportBank, { as: boss, url: "/api/questions/export?format=zip" });
    expect(exported.status).toBe(200);
    expect(exported.response.headers.get("content-type")).toBe("application/zip");
    const entries = readZip(Buffer.from(await exported.response.arrayBuffer()), ZIP_LIMITS);
    const csv = entries.find((entry) => entry.name === "questions.csv")!.bytes.toString("utf8");
    const exportedName = new RegExp(`${label}: the figure\\n\\n!\\[A square of side 3 cm\\]\\((images/[^)]+)\\)`).exec(csv)![1];
    expect(entries.find((entry) => entry.name === exportedName)!.bytes.equals(png(30, 30))).toBe(true);
    expect(csv).not.toContain("image:");
    // An upload named with a space is written so a Markdown reference holds it, and every reference names a file of the ZIP.
    expect(csv).not.toContain("images/circuit diagram");
    expect(csv).toMatch(/\(images\/circuit-diagram(-\d+)?\.png\)/);
    for (const [, name] of csv.matchAll(/\]\((images\/[^)]+)\)/g)) expect(entries.map((entry) => entry.name)).toContain(name);
  });

  it("refuses an archive that is unsafe or holds what is not an image, whole, storing nothing", async () => {
    const boss = await admin();
    const label = tag();
    const before = await countImages();
    const attempt = (zip: Buffer) => call(importBank, { as: boss, form: fileForm(zip, "bank.zip") });

    const escaping = await attempt(bankZip([zipRow(label, "images/square.png")], [{ name: "../../square.png", bytes: png() }]));
    expect(escaping.status).toBe(400);
    expect(escaping.body.message).toBe('The ZIP cannot be imported: "../../square.png" points outside the ZIP\'s folder');

    const svg = await attempt(bankZip([zipRow(label, "images/square.png")], [{ name: "images/square.png", bytes: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") }]));
    expect(svg.status).toBe(400);
    expect(svg.body.message).toContain('"images/square.png": not a PNG, JPEG, WebP or GIF image');

    // A bomb: a header claiming 1 kB over 10 MB of zeros that inflate from a few kB.
    const bomb = bankZip([zipRow(label, "images/square.png")], [{ name: "images/square.png", bytes: Buffer.alloc(1024) }]);
    const bombed = withLyingEntry(bomb, "images/square.png", Buffer.alloc(10 * 1024 * 1024));
    const exploded = await attempt(bombed);
    expect(exploded.status).toBe(400);
    expect(exploded.body.message).toBe('The ZIP cannot be imported: "images/square.png" is damaged or larger than it says');

    const manyPixels = await attempt(bankZip([zipRow(label, "images/square.png")], [{ name: "images/square.png", bytes: pngDeclaring(16_000, 16_000) }]));
    expect(manyPixels.status).toBe(400);
    expect(manyPixels.body.message).toBe('The ZIP cannot be imported: "images/square.png": more than 40 megapixels (8000 × 5000, say)');

    const notZip = await attempt(Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(100)]));
    expect(notZip.status).toBe(400);
    expect(notZip.body.message).toBe("The ZIP cannot be imported: this is not a ZIP file");

    const twoCsv = await attempt(writeZip([{ name: "a.csv", bytes: Buffer.from("x") }, { name: "b.csv", bytes: Buffer.from("y") }]));
    expect(twoCsv.status).toBe(400);

    const huge = await call(importBank, { as: boss, form: fileForm(png(), "bank.zip"), headers: { "content-length": String(1024 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("The ZIP file must be at most 50 MB.");

    expect(await questionsLabelled(label)).toEqual([]);
    expect(await countImages()).toBe(before);
  });

  it("takes an image file name with a space, as a person names files", async () => {
    const label = tag();
    const zip = bankZip([zipRow(label, "images/my square.png")], [{ name: "images/my square.png", bytes: png(12, 12) }]);
    const imported = await call(importBank, { as: await admin(), form: fileForm(zip, "bank.zip") });
    expect(imported.status).toBe(200);
    expect((await questionsLabelled(label))[0].rendered!.en.text).toContain('width="12" height="12"');
  });

  it("a CSV alone cannot bring images: the row names the file it needs", async () => {
    const label = tag();
    const csv = [SINGLE_CORRECT_CSV_HEADER.join(","), csvRow(zipRow(label, "images/square.png"))].join("\n");
    const refused = await call(importBank, { as: await admin(), form: fileForm(csv, "bank.csv") });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ row: 2, message: 'The image "images/square.png" needs a ZIP with the CSV and an images folder.' }]);
  });
});

/** The archive with one entry's data swapped for `inflated` deflated, its header still declaring the old size. */
function withLyingEntry(zip: Buffer, name: string, inflated: Buffer): Buffer {
  const entries = readZip(zip, ZIP_LIMITS);
  // Rebuilt entry by entry: the bomb's headers keep the small size and its checksum.
  const small = writeZip(entries);
  const packed = deflateRawSync(inflated);
  const parts: Buffer[] = [];
  let offset = 0;
  const directory: Buffer[] = [];
  for (const entry of entries) {
    const single = writeZip([entry]);
    const localLength = 30 + Buffer.byteLength(entry.name);
    const local = Buffer.from(single.subarray(0, localLength));
    let data = single.subarray(localLength, single.length - 22 - 46 - Buffer.byteLength(entry.name));
    const central = Buffer.from(single.subarray(single.length - 22 - 46 - Buffer.byteLength(entry.name), single.length - 22));
    if (entry.name === name) {
      data = packed;
      local.writeUInt32LE(packed.length, 18);
      central.writeUInt32LE(packed.length, 20);
    }
    central.writeUInt32LE(offset, 42);
    parts.push(local, data);
    directory.push(central);
    offset += local.length + data.length;
  }
  const end = Buffer.from(small.subarray(small.length - 22));
  end.writeUInt32LE(directory.reduce((sum, part) => sum + part.length, 0), 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
}
