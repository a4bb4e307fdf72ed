import "server-only";
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { attempts, questionImages, questionImageUses, quizQuestions, quizzes } from "@/db/schema";
import { can, isActiveUser, service } from "@/lib/auth";
import { message } from "@/lib/catalogue";
import { questionImageUrl, type KnownImages } from "@/lib/content";
import { getDb, type Queryable } from "@/lib/db";
import { Invalid, NotFound } from "@/lib/errors";
import { storage, type StoredObject } from "@/lib/storage";
import { checkedImage, imageSize, type CheckedImage } from "@/lib/uploads";

export interface QuestionImage {
  id: string;
  fileName: string;
  width: number;
  height: number;
  url: string;
  /** What content writes to show it; the alt text goes between the brackets. */
  reference: string;
}

/** A name an admin recognises, never a path: the last segment, tamed, and short. */
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return base.replace(/[^\p{L}\p{N}._ -]/gu, "_").slice(0, 120) || "image";
}

function described(row: { id: string; fileName: string; width: number; height: number }): QuestionImage {
  return { ...row, url: questionImageUrl(row.id), reference: `![](image:${row.id})` };
}

/**
 * Stores a checked image as a question image (private storage, its pixel size read from its
 * header). The object is written first: a row never names a missing file, and a file whose row
 * failed is only an orphan the storage sweep can remove.
 */
export async function saveQuestionImage(db: Queryable, image: CheckedImage, fileName: string, uploadedById: string | null, id: string = randomUUID()): Promise<QuestionImage> {
  const size = imageSize(image.bytes);
  if (!size) throw new Invalid(message("notAnImage"));
  const objectKey = `question-images/${id}.${image.extension}`;
  await storage().put(objectKey, image.bytes, image.contentType);
  const row = { id, fileName: displayName(fileName), width: size.width, height: size.height };
  await db.insert(questionImages).values({ ...row, objectKey, contentType: image.contentType, sizeBytes: image.bytes.length, uploadedById });
  return described(row);
}

/** An admin uploads an image for a question or an option (checked like every upload; SVG refused). */
export const storeQuestionImage = service("questions.edit", async (actor, file: File | null): Promise<QuestionImage> => {
  const image = await checkedImage(file, message("questionImageRequired"));
  return saveQuestionImage(await getDb(), image, file?.name ?? "", actor.id || null);
});

/** The uploaded images among `ids`, with the size each <img> states. */
export async function knownImages(db: Queryable, ids: readonly string[]): Promise<KnownImages> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: questionImages.id, width: questionImages.width, height: questionImages.height }).from(questionImages).where(inArray(questionImages.id, [...ids]));
  return new Map(rows.map(({ id, ...size }) => [id, size]));
}

/** Which images each question shows, as its content now says: replaced whenever the content is saved. */
export async function recordImageUses(db: Queryable, uses: readonly { questionId: string; imageIds: readonly string[] }[]): Promise<void> {
  const questionIds = uses.map((use) => use.questionId);
  if (questionIds.length === 0) return;
  await db.delete(questionImageUses).where(inArray(questionImageUses.questionId, questionIds));
  const rows = uses.flatMap(({ questionId, imageIds }) => imageIds.map((imageId) => ({ questionId, imageId })));
  if (rows.length > 0) await db.insert(questionImageUses).values(rows);
}

/** The stored bytes of images, by id, for an export. */
export async function imageFiles(db: Queryable, ids: readonly string[]): Promise<{ id: string; fileName: string; extension: string; bytes: Buffer }[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: questionImages.id, fileName: questionImages.fileName, objectKey: questionImages.objectKey }).from(questionImages).where(inArray(questionImages.id, [...ids]));
  return Promise.all(
    rows.map(async (row) => {
      const bytes = await storage().get(row.objectKey);
      if (!bytes) throw new NotFound(message("fileNotFound"));
      return { id: row.id, fileName: row.fileName, extension: row.objectKey.split(".").pop() ?? "png", bytes };
    }),
  );
}

export interface ServedImage extends StoredObject {
  /** Shown to anyone (every quiz using it is the demo or has its results out): shared caches may keep it. */
  isPublic: boolean;
}

/**
 * A question image, to who may see it: admins; anyone once every quiz using it is the demo or
 * has published its results; otherwise only a participant with an attempt (open or submitted) of
 * a quiz using it. To anyone else it does not exist.
 */
export const openQuestionImage = service("questions.viewImages", async (viewer, id: string): Promise<ServedImage> => {
  const db = await getDb();
  const usedBy = sql`select 1 from ${questionImageUses} u join ${quizQuestions} qq on qq.question_id = u.question_id join ${quizzes} q on q.id = qq.quiz_id where u.image_id = ${questionImages.id}`;
  const attempted = isActiveUser(viewer)
    ? sql<boolean>`exists (${usedBy} and exists (select 1 from ${attempts} a where a.quiz_id = q.id and a.participant_id = ${viewer.id}))`
    : sql<boolean>`false`;
  const [image] = await db
    .select({
      objectKey: questionImages.objectKey,
      // Public only when no quiz using it is still to be held or marked: one whose results are out
      // must not show the image of another that has not started.
      isPublic: sql<boolean>`exists (${usedBy}) and not exists (${usedBy} and not (q.is_demo or q.results_published_at is not null))`,
      attempted,
    })
    .from(questionImages)
    .where(eq(questionImages.id, id));
  const allowed = image && (can(viewer, "questions.edit") || image.isPublic || image.attempted);
  const object = allowed ? await storage().stream(image.objectKey) : null;
  if (!object) throw new NotFound(message("fileNotFound"));
  return { ...object, isPublic: image.isPublic };
});
