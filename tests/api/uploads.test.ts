import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { GET as readFile } from "@/app/api/files/[id]/route";
import { GET as listFiles } from "@/app/api/files/route";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { POST as upload } from "@/app/api/upload/route";
import { uploads, users } from "@/db/schema";
import { config } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { fillUp } from "../support/full-disk";
import { call } from "../support/http";
import { pngDeclaring } from "../support/images";
import { admin, participant } from "../support/users";

// Where a tmpfs cannot be mounted, a full disk is this stand-in (tests/support/full-disk.ts).
vi.mock("node:fs/promises", async (original) => (await import("../support/full-disk")).withFullFolders(await original()));

/** Every image sharp is handed (the payment screenshot's fingerprint decodes one): a refusal before decoding hands it none. */
const decoded = vi.hoisted(() => ({ images: 0 }));
vi.mock("sharp", async (original) => {
  const sharp = ((await original()) as { default: (...args: unknown[]) => unknown }).default;
  return { default: Object.assign((...args: unknown[]) => (decoded.images++, sharp(...args)), sharp) };
});

afterAll(closeDatabase);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

function form(file: Blob | null, name: string, imageType = "profile") {
  const data = new FormData();
  if (file) data.set("file", file, name);
  data.set("imageType", imageType);
  return data;
}

async function uploadCount(ownerId: string) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(uploads).where(eq(uploads.ownerId, ownerId));
  return total;
}

describe("uploads", () => {
  it("stores a real image privately and shows it only to its owner and admins", async () => {
    const owner = await participant();
    const { status, body } = await call(upload, { form: form(new Blob([PNG], { type: "text/plain" }), "photo.txt"), as: owner });
    expect(status).toBe(201);
    expect(body).toMatchObject({ url: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/), message: "File uploaded successfully!" });
    const id = String(body.url).split("/").pop()!;

    const own = await call(readFile, { as: owner, params: { id } });
    expect(own.status).toBe(200);
    expect(own.response.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await own.response.arrayBuffer())).toEqual(PNG);

    expect((await call(readFile, { as: await admin(), params: { id } })).status).toBe(200);
    expect((await call(readFile, { as: await participant(), params: { id } })).status).toBe(404);
    expect((await call(readFile, { params: { id } })).status).toBe(401);

    const db = await getDb();
    const [row] = await db.select({ profileImageId: users.profileImageId }).from(users).where(eq(users.id, owner.id));
    expect(row.profileImageId).toBe(id);
  });

  it("refuses 5 MB + 1 byte with the spec's text and stores nothing", async () => {
    const owner = await participant();
    const tooBig = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    const { status, body } = await call(upload, { form: form(new Blob([tooBig]), "big.png"), as: owner });
    expect(status).toBe(400);
    expect(body).toEqual({ message: "The file size exceeds the 5 MB limit. Please upload a smaller file." });
    expect(await uploadCount(owner.id)).toBe(0);
  });

  it("refuses a file that is not an image, whatever its name says, and stores nothing", async () => {
    const owner = await participant();
    const { status, body } = await call(upload, { form: form(new Blob(["<script>alert(1)</script>".padEnd(64)], { type: "image/png" }), "proof.png", "payment"), as: owner });
    expect(status).toBe(400);
    expect(body.message).toBe("Please upload an image file (JPEG, PNG, WebP or GIF).");
    const missing = await call(upload, { form: form(null, "", "payment"), as: owner });
    expect(missing.body.message).toBe("Please upload a payment screenshot.");
    expect(await uploadCount(owner.id)).toBe(0);
  });

  it("refuses an image declaring more than 40 megapixels before decoding it, for every purpose, and stores nothing", async () => {
    const owner = await participant();
    // 16000 × 16000: 256 megapixels in 80 bytes, what a 275 KB screenshot once made the server decode for 20 s.
    const bomb = pngDeclaring(16_000, 16_000);
    for (const purpose of ["payment", "profile", "objection"]) {
      const { status, body } = await call(upload, { form: form(new Blob([bomb]), "proof.png", purpose), as: owner });
      expect(status).toBe(400);
      expect(body).toEqual({ message: "The image is too large: it may have at most 40 megapixels (8000 × 5000, say). Please upload a smaller image." });
    }
    const hindi = await call(upload, { form: form(new Blob([bomb]), "proof.png", "payment"), as: owner, headers: { "accept-language": "hi" } });
    expect(hindi.body.message).toBe("चित्र बहुत बड़ा है: इसमें अधिकतम 40 मेगापिक्सेल हो सकते हैं (जैसे 8000 × 5000)। कृपया छोटा चित्र अपलोड करें।");
    expect(decoded.images).toBe(0);
    expect(await uploadCount(owner.id)).toBe(0);

    // 40 megapixels exactly is within the limit, and is decoded for its fingerprint as any screenshot is.
    expect((await call(upload, { form: form(new Blob([pngDeclaring(8000, 5000)]), "proof.png", "payment"), as: owner })).status).toBe(201);
    expect(decoded.images).toBeGreaterThan(0);
  });

  it("replaces the previous profile image", async () => {
    const owner = await participant();
    const first = await call(upload, { form: form(new Blob([PNG]), "a.png"), as: owner });
    const second = await call(upload, { form: form(new Blob([PNG]), "b.png"), as: owner });
    expect(await uploadCount(owner.id)).toBe(1);
    expect((await call(readFile, { as: owner, params: { id: String(first.body.url).split("/").pop()! } })).status).toBe(404);
    expect((await call(readFile, { as: owner, params: { id: String(second.body.url).split("/").pop()! } })).status).toBe(200);
  });

  it("lists only the caller's own files; admins see everyone's", async () => {
    const [owner, other, someAdmin] = [await participant(), await participant(), await admin()];
    const mine = await call(upload, { form: form(new Blob([PNG]), "mine.png", "payment"), as: owner });
    await call(upload, { form: form(new Blob([PNG]), "theirs.png", "payment"), as: other });

    const listed = (await call(listFiles, { as: owner })).body.imageData as { url: string }[];
    expect(listed.map((file) => file.url)).toEqual([mine.body.url]);
    const everyone = (await call(listFiles, { as: someAdmin })).body.imageData as { url: string }[];
    expect(everyone.map((file) => file.url)).toContain(mine.body.url);
    expect((await call(listFiles)).status).toBe(401);
  });
});

describe("uploads on a full disk", () => {
  const uploadsFolder = () => (config.storage.kind === "local" ? config.storage.directory : "");
  const refusedForSpace = async () => {
    const { response } = await call(metricsRoute, { headers: { authorization: "Bearer metrics-token-for-tests" } });
    return Number(/^olympiad_storage_full_total (\d+)$/m.exec(await response.text())?.[1]);
  };

  it("are refused with 507 in the reader's language, keep no part of the file, and tell the administrator once", async () => {
    const owner = await participant();
    // Room for a few bytes, not the image: a write starts, then finds the disk full.
    const disk = fillUp(path.join(uploadsFolder(), "payment", owner.id), 8 * 1024);
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const refusedBefore = await refusedForSpace();
    try {
      const image = Buffer.concat([PNG, Buffer.alloc(64 * 1024, 9)]);
      const english = await call(upload, { form: form(new Blob([image]), "proof.png", "payment"), as: owner });
      expect(english.status).toBe(507);
      expect(english.body).toEqual({ message: "Storage is full; the administrator has been told." });
      const hindi = await call(upload, { form: form(new Blob([image]), "proof.png", "payment"), as: owner, headers: { "accept-language": "hi-IN,hi;q=0.9,en;q=0.8" } });
      expect(hindi.status).toBe(507);
      expect(hindi.body).toEqual({ message: "स्टोरेज भर गया है; एडमिन को सूचित कर दिया गया है।" });

      expect(disk.files()).toEqual([]);
      expect(await uploadCount(owner.id)).toBe(0);
      expect(errors.mock.calls.map(([, line]) => line)).toEqual([expect.stringContaining("storage is full")]);
      expect(await refusedForSpace()).toBe(refusedBefore + 2);
    } finally {
      errors.mockRestore();
      disk.release();
    }
  });
});
