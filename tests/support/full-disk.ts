import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

type FileSystem = typeof import("node:fs/promises");

/** A tmpfs this small fills up at once; a page (4 KiB) is the least a file takes in it. */
const DISK_BYTES = 64 * 1024;
const FILLER = ".filler";

/** Folders the stand-in below treats as full, with the bytes each still has room for. */
const standIns = new Map<string, { room: number }>();

export interface FullDisk {
  /** Every file under the folder (the filler aside), relative to it. */
  files(): string[];
  release(): void;
}

/**
 * Makes `folder` a small disk with `room` bytes left: a tmpfs mounted there and filled up (as
 * root, as CI runs). Where mounting is not allowed, the test file's node:fs/promises is
 * `withFullFolders` (vi.mock), which refuses writes under the folder the way a full disk does.
 */
export function fillUp(folder: string, room = 0): FullDisk {
  mkdirSync(folder, { recursive: true });
  const files = () => readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name !== FILLER).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${DISK_BYTES},mode=0755`, "tmpfs", folder], { stdio: "ignore" });
  } catch {
    standIns.set(folder, { room });
    return { files, release: () => standIns.delete(folder) };
  }
  writeFileSync(path.join(folder, FILLER), Buffer.alloc(DISK_BYTES - room));
  return { files, release: () => execFileSync("umount", [folder]) };
}

function outOfSpace(file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: "ENOSPC", errno: -28, syscall: "write", path: file });
}

/** node:fs/promises, where a write into a folder `fillUp` could not mount writes what fits and then fails. */
export function withFullFolders(fs: FileSystem): FileSystem {
  const writeFile: FileSystem["writeFile"] = async (file, data, options) => {
    const disk = [...standIns].find(([folder]) => String(file).startsWith(folder + path.sep))?.[1];
    if (!disk || (typeof data !== "string" && !(data instanceof Uint8Array))) return fs.writeFile(file, data, options);
    const bytes = typeof data === "string" ? Buffer.from(data) : data;
    const fits = Math.min(bytes.length, disk.room);
    disk.room -= fits;
    await fs.writeFile(file, bytes.subarray(0, fits), options);
    if (fits < bytes.length) throw outOfSpace(String(file));
  };
  return { ...fs, writeFile, default: { ...fs, writeFile } } as FileSystem;
}
