import "server-only";
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertSafeKey, type ObjectStorage, type StoredObject } from "./types";

/** Files under a private directory outside the web root; the content type sits beside each. */
export function localStorage(directory: string): ObjectStorage {
  const fileFor = (key: string) => {
    assertSafeKey(key);
    return path.join(directory, key);
  };
  const typeFileFor = (file: string) => `${file}.content-type`;

  async function writeAtomically(file: string, data: Uint8Array | string) {
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, data, { mode: 0o600 });
    await rename(temporary, file);
  }

  return {
    async put(key, body, contentType) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(typeFileFor(file), contentType);
      await writeAtomically(file, body);
    },

    async get(key) {
      try {
        return await readFile(fileFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    async stream(key): Promise<StoredObject | null> {
      const file = fileFor(key);
      try {
        const [info, contentType] = await Promise.all([stat(file), readFile(typeFileFor(file), "utf8")]);
        const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
        return { body, contentType, size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    async delete(key) {
      const file = fileFor(key);
      await rm(file, { force: true });
      await rm(typeFileFor(file), { force: true });
    },
  };
}
