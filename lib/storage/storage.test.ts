import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localStorage } from "./local";
import { s3Storage } from "./s3";
import type { ObjectStorage } from "./types";

const folders: string[] = [];
let s3Server: S3rver | undefined;

async function scratchFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "olympiad-storage-"));
  folders.push(folder);
  return folder;
}

const stores: Record<string, () => Promise<ObjectStorage>> = {
  "local disk": async () => localStorage(await scratchFolder()),
  "S3-compatible store": async () => {
    s3Server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: await scratchFolder(), configureBuckets: [{ name: "olympiad-test", configs: [] }] });
    const { port } = await s3Server.run();
    return s3Storage({
      bucket: "olympiad-test",
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
  },
};

afterAll(async () => {
  await s3Server?.close();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe.each(Object.keys(stores))("object storage on %s", (name) => {
  let store: ObjectStorage;
  beforeAll(async () => {
    store = await stores[name]();
  });

  it("puts, gets, streams and deletes a private object", async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
    await store.put("payments/user-1/proof.png", bytes, "image/png");

    expect(await store.get("payments/user-1/proof.png")).toEqual(bytes);
    const streamed = await store.stream("payments/user-1/proof.png");
    expect(streamed).toMatchObject({ contentType: "image/png", size: bytes.length });
    expect(await readAll(streamed!.body)).toEqual(bytes);

    await store.delete("payments/user-1/proof.png");
    expect(await store.get("payments/user-1/proof.png")).toBeNull();
    expect(await store.stream("payments/user-1/proof.png")).toBeNull();
    await store.delete("payments/user-1/proof.png");
  });

  it("overwrites an object under the same key", async () => {
    await store.put("recordings/a/0001.webm", Buffer.from("first"), "video/webm");
    await store.put("recordings/a/0001.webm", Buffer.from("second"), "video/webm");
    expect((await store.get("recordings/a/0001.webm"))?.toString()).toBe("second");
  });

  it("refuses keys that could escape the store", async () => {
    for (const key of ["../outside.png", "a/../../b", "/absolute", "a//b", "", "a/.hidden/../x"]) {
      await expect(store.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(/Unsafe storage key/);
      await expect(store.get(key)).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe("local disk storage", () => {
  it("keeps files only inside its own directory", async () => {
    const folder = await scratchFolder();
    const store = localStorage(path.join(folder, "uploads"));
    await store.put("profiles/u/photo.jpg", Buffer.from("jpeg"), "image/jpeg");
    expect(await readdir(folder)).toEqual(["uploads"]);
  });
});
