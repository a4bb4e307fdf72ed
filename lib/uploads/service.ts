import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { uploads, users } from "@/db/schema";
import { canActOnAnyone, service, step } from "@/lib/auth";
import { getDb, type DatabaseTransaction } from "@/lib/db";
import { Invalid, NotFound } from "@/lib/errors";
import { storage, type StoredObject } from "@/lib/storage";
import { fingerprintImage } from "./image-hash";
import { checkedImage } from "./checked-image";
import { uploadUrl } from "./schemas";
import { message, type Message } from "@/lib/catalogue";

export type UploadPurpose = "payment" | "profile" | "objection";

const MISSING_FILE: Record<UploadPurpose, Message> = {
  payment: message("paymentScreenshotRequired"),
  profile: message("profileImageRequired"),
  objection: message("objectionEvidenceMissing"),
};

/**
 * Checks size and real image content before anything is stored, so a refused file leaves
 * nothing behind. A new profile image replaces the old one.
 */
export const storeUpload = service("uploads.create", async (owner, purpose: UploadPurpose, file: File | null) => {
  const { bytes, ...image } = await checkedImage(file, MISSING_FILE[purpose]);

  // Payment screenshots are fingerprinted now, so a later payment can be compared with earlier ones.
  const fingerprint = purpose === "payment" ? await fingerprintImage(bytes) : null;
  const id = randomUUID();
  const objectKey = `${purpose}/${owner.id}/${id}.${image.extension}`;
  await storage().put(objectKey, bytes, image.contentType);

  const db = await getDb();
  const replaced = await db.transaction(async (tx) => {
    await tx.insert(uploads).values({ id, ownerId: owner.id, purpose, objectKey, contentType: image.contentType, sizeBytes: bytes.length, sha256: fingerprint?.sha256, dhash: fingerprint?.dhash, dhashCrops: fingerprint?.dhashCrops });
    if (purpose !== "profile") return [];
    const [previous] = await tx.select({ id: users.profileImageId }).from(users).where(eq(users.id, owner.id)).for("update");
    await tx.update(users).set({ profileImageId: id }).where(eq(users.id, owner.id));
    if (!previous?.id) return [];
    return tx.delete(uploads).where(eq(uploads.id, previous.id)).returning({ objectKey: uploads.objectKey });
  });
  await Promise.all(replaced.map((old) => storage().delete(old.objectKey)));
  return { id, url: uploadUrl(id) };
});

/** Only the owner and admins may read an upload; to anyone else it does not exist. */
export const openUpload = service("uploads.read", async (viewer, id: string): Promise<StoredObject> => {
  const db = await getDb();
  const [upload] = await db
    .select({ objectKey: uploads.objectKey, ownerId: uploads.ownerId })
    .from(uploads)
    .where(canActOnAnyone(viewer, "uploads.read") ? eq(uploads.id, id) : and(eq(uploads.id, id), eq(uploads.ownerId, viewer.id)));
  const object = upload ? await storage().stream(upload.objectKey) : null;
  if (!object) throw new NotFound(message("fileNotFound"));
  return object;
});

/** The caller's own files, newest first; admins see everyone's latest. */
export const listUploads = service("uploads.read", async (viewer, limit: number = 100) => {
  const db = await getDb();
  const rows = await db
    .select({ id: uploads.id, purpose: uploads.purpose, contentType: uploads.contentType, sizeBytes: uploads.sizeBytes, createdAt: uploads.createdAt })
    .from(uploads)
    .where(canActOnAnyone(viewer, "uploads.read") ? undefined : eq(uploads.ownerId, viewer.id))
    .orderBy(desc(uploads.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, url: uploadUrl(row.id) }));
});

/** The owner's own upload made for this purpose, or refused with what to upload. */
async function ownUpload(tx: DatabaseTransaction, ownerId: string, uploadId: string, purpose: UploadPurpose): Promise<string> {
  const [upload] = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.ownerId, ownerId), eq(uploads.purpose, purpose)));
  if (!upload) throw new Invalid(MISSING_FILE[purpose]);
  return upload.id;
}

/** The upload a payment names as its proof: the payer's own payment screenshot, or refused. */
export const paymentProof = step(async (tx: DatabaseTransaction, ownerId: string, uploadId: string): Promise<string> => ownUpload(tx, ownerId, uploadId, "payment"));

/** The image an objection names as its evidence: the objector's own, uploaded for an objection. */
export const objectionEvidence = step(async (tx: DatabaseTransaction, ownerId: string, uploadId: string): Promise<string> => ownUpload(tx, ownerId, uploadId, "objection"));
