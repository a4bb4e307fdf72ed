import "server-only";
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertSafeKey, type ObjectStorage, type StoredObject } from "./types";

const TYPE_SUFFIX = ".content-type";
/** Where a file is written before it takes its name: `<name>.<uuid>.tmp`. */
const TEMPORARY = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

const temporaryFor = (file: string) => `${file}.${randomUUID()}.tmp`;

async function syncFolder(folder: string) {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The folders whose entries a put changed: the object's own, and when mkdir made it (and maybe
 * parents), each one made and the existing folder above them.
 */
function changedFolders(folder: string, firstMade: string | undefined): string[] {
  const folders = [folder];
  if (firstMade) for (let made = folder; made !== path.dirname(firstMade); made = path.dirname(made)) folders.push(path.dirname(made));
  return folders;
}

/** Files under a private directory outside the web root; the content type sits beside each. */
export function localStorage(directory: string): ObjectStorage {
  const fileFor = (key: string) => {
    assertSafeKey(key);
    return path.join(directory, key);
  };
  const typeFileFor = (file: string) => `${file}${TYPE_SUFFIX}`;

  return {
    /**
     * Both files are written and flushed before either takes its name, and the names are flushed
     * before the put returns: a put that returned survives a crash, and one that failed (a full
     * disk) leaves nothing of itself. Under a key already held that may take the old object too;
     * the app never writes a key twice.
     */
    async put(key, body, contentType) {
      const file = fileFor(key);
      const folder = path.dirname(file);
      const firstMade = await mkdir(folder, { recursive: true });
      const writes = [
        { name: typeFileFor(file), temporary: temporaryFor(typeFileFor(file)), data: contentType },
        { name: file, temporary: temporaryFor(file), data: body },
      ];
      const named: string[] = [];
      try {
        // Settled, not raced: a write still running after the other failed would outlive the cleanup.
        const written = await Promise.allSettled(writes.map((write) => writeFile(write.temporary, write.data, { mode: 0o600, flush: true })));
        const failed = written.find((result) => result.status === "rejected");
        if (failed) throw failed.reason;
        for (const write of writes) {
          await rename(write.temporary, write.name);
          named.push(write.name);
        }
        for (const changed of changedFolders(folder, firstMade)) await syncFolder(changed);
      } catch (error) {
        await Promise.all([...writes.map((write) => write.temporary), ...named].map((leftover) => rm(leftover, { force: true })));
        throw error;
      }
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

/**
 * What writes cut short by a crash left under `directory`: temporary files, and content types
 * whose object never took its name. Only those last changed `olderThanMs` ago or more, as another
 * instance on the same folder may be writing now. Answers how many were removed.
 */
export async function sweepInterruptedWrites(directory: string, olderThanMs: number): Promise<number> {
  const cutoff = Date.now() - olderThanMs;
  const removeIfStale = async (file: string) => {
    const info = await stat(file).catch(() => null);
    if (!info || info.mtimeMs > cutoff) return 0;
    await rm(file, { force: true });
    return 1;
  };
  const sweep = async (folder: string): Promise<number> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    const names = new Set(entries.map((entry) => entry.name));
    let removed = 0;
    for (const entry of entries) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) removed += await sweep(file);
      else if (TEMPORARY.test(entry.name) || (entry.name.endsWith(TYPE_SUFFIX) && !names.has(entry.name.slice(0, -TYPE_SUFFIX.length)))) removed += await removeIfStale(file);
    }
    return removed;
  };
  return sweep(directory);
}
