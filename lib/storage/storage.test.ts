import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { S3ServiceException } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { StorageFull } from "@/lib/errors";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import { fillUp } from "@/tests/support/full-disk";
import { refusingWhenFull } from "./full";
import { localStorage, sweepInterruptedWrites } from "./local";
import { s3Storage } from "./s3";
import type { ObjectStorage } from "./types";

// Where a tmpfs cannot be mounted, a full disk is this stand-in (tests/support/full-disk.ts).
vi.mock("node:fs/promises", async (original) => (await import("@/tests/support/full-disk")).withFullFolders(await original()));

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

  it.each([
    ["no room at all", 0],
    ["room for the content type but not the image", 8 * 1024],
  ])("on a full disk (%s) refuses the write and keeps no part of it", async (_, room) => {
    const folder = await scratchFolder();
    const disk = fillUp(folder, room);
    try {
      const store = localStorage(folder);
      await expect(store.put("payment/u/proof.png", Buffer.alloc(64 * 1024, 7), "image/png")).rejects.toMatchObject({ code: "ENOSPC" });
      expect(disk.files()).toEqual([]);
      expect(await store.stream("payment/u/proof.png")).toBeNull();
    } finally {
      disk.release();
    }
  });

  it("after a crash, sweeps away only what interrupted writes left behind, once it is a few minutes old", async () => {
    const folder = await scratchFolder();
    const store = localStorage(folder);
    await store.put("payment/u/kept.png", Buffer.from("png"), "image/png");
    const files = {
      staleImage: `payment/u/cut.png.${randomUUID()}.tmp`,
      staleType: `recordings/a/video/000001-1a2b3c4d.webm.content-type.${randomUUID()}.tmp`,
      strayType: "payment/u/lost.png.content-type",
      freshImage: `payment/u/writing.png.${randomUUID()}.tmp`,
      notOurs: "payment/u/notes.tmp",
    };
    for (const file of Object.values(files)) {
      await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
      await writeFile(path.join(folder, file), "x");
    }
    const anHourAgo = new Date(Date.now() - 60 * 60_000);
    for (const file of ["payment/u/kept.png", "payment/u/kept.png.content-type", files.staleImage, files.staleType, files.strayType, files.notOurs]) {
      await utimes(path.join(folder, file), anHourAgo, anHourAgo);
    }

    expect(await sweepInterruptedWrites(folder, 5 * 60_000)).toBe(3);
    const left = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
    expect(left.sort()).toEqual(["payment/u/kept.png", "payment/u/kept.png.content-type", files.freshImage, files.notOurs].sort());
    expect(await store.get("payment/u/kept.png")).toEqual(Buffer.from("png"));
    expect(await sweepInterruptedWrites(path.join(folder, "never-written"), 5 * 60_000)).toBe(0);
  });
});

describe("a store that runs out of space", () => {
  const failingWith = (error: unknown): ObjectStorage => ({
    put: () => Promise.reject(error),
    get: () => Promise.resolve(null),
    stream: () => Promise.resolve(null),
    delete: () => Promise.resolve(),
  });
  const diskFull = () => Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
  const refused = () => metrics().storageFull.get().then((metric) => metric.values[0]?.value ?? 0);

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("refuses with 507 and the catalogue's message for a full disk, a quota or an S3 store's equivalent", async () => {
    vi.spyOn(log, "error").mockImplementation(() => undefined);
    const outOfSpace = [
      diskFull(),
      Object.assign(new Error("EDQUOT: disk quota exceeded, write"), { code: "EDQUOT" }),
      new S3ServiceException({ name: "XMinioStorageFull", $fault: "server", $metadata: { httpStatusCode: 507 }, message: "Storage backend has reached its minimum free drive threshold." }),
      new S3ServiceException({ name: "QuotaExceeded", $fault: "client", $metadata: { httpStatusCode: 403 }, message: "Quota exceeded." }),
      new S3ServiceException({ name: "InsufficientStorage", $fault: "server", $metadata: { httpStatusCode: 507 }, message: "" }),
    ];
    for (const cause of outOfSpace) {
      const failure = await refusingWhenFull(failingWith(cause)).put("payment/u/proof.png", Buffer.from("png"), "image/png").catch((error: unknown) => error);
      expect(failure, String(cause)).toBeInstanceOf(StorageFull);
      expect(failure).toMatchObject({ status: 507, message: "Storage is full; the administrator has been told.", cause });
    }
    for (const other of [Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" }), new S3ServiceException({ name: "AccessDenied", $fault: "client", $metadata: { httpStatusCode: 403 }, message: "" })]) {
      await expect(refusingWhenFull(failingWith(other)).put("payment/u/proof.png", Buffer.from("png"), "image/png")).rejects.toBe(other);
    }
  });

  it("logs one error line a minute however many writes it refuses, with how many went unlogged, and counts every one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60_000);
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const before = await refused();
    const store = refusingWhenFull(failingWith(diskFull()));
    const put = () => store.put("payment/u/proof.png", Buffer.from("png"), "image/png").catch(() => undefined);

    await put();
    await put();
    vi.advanceTimersByTime(59_000);
    await put();
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenLastCalledWith(expect.objectContaining({ code: "ENOSPC", suppressed: expect.any(Number) }), expect.stringContaining("storage is full"));

    vi.advanceTimersByTime(1_000);
    await put();
    expect(error).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenLastCalledWith(expect.objectContaining({ code: "ENOSPC", suppressed: 2 }), expect.stringContaining("storage is full"));
    expect((await refused()) - before).toBe(4);
  });
});
