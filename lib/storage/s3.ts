import "server-only";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertSafeKey, type ObjectStorage } from "./types";

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
}

/** S3 or a compatible store (MinIO and the like). Objects are private: no ACL grants public reads. */
export function s3Storage(settings: S3Settings): ObjectStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;

  async function getObject(key: string) {
    assertSafeKey(key);
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },

    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },

    async stream(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return {
        body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        contentType: object.ContentType ?? "application/octet-stream",
        size: object.ContentLength ?? 0,
      };
    },

    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
