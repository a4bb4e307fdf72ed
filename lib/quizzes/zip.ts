import { crc32, deflateRawSync, inflateRawSync } from "node:zlib";

/**
 * The little of ZIP a question bank needs: reading an archive an admin uploads, whose names and
 * sizes are not to be believed, and writing one for an export. Every size is checked before the
 * bytes are inflated, and inflating stops at the size the entry declared.
 */

export interface ZipEntry {
  /** The path inside the archive, with forward slashes. */
  name: string;
  bytes: Buffer;
}

export interface ZipLimits {
  entries: number;
  /** The most one entry may hold once inflated. */
  entryBytes: number;
  /** The most all entries together may hold once inflated. */
  totalBytes: number;
}

/** Why an archive is refused, in a line an admin can act on. */
export class ZipError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = "ZipError";
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

function endOfDirectory(data: Buffer): number {
  // The record is 22 bytes, followed by a comment of at most 65,535.
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 65_535); at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new ZipError("this is not a ZIP file");
}

/** A name that stays inside the archive's folder, or refused: no absolute paths, drive letters or "..". */
function safeName(name: string): string {
  const segments = name.split(/[\\/]/);
  if (name.startsWith("/") || name.startsWith("\\") || /^[a-zA-Z]:/.test(name) || segments.includes("..") || name.includes("\0")) {
    throw new ZipError(`"${name}" points outside the ZIP's folder`);
  }
  return segments.filter((segment) => segment !== "" && segment !== ".").join("/");
}

/** Every file in the archive (folders left out), checked against the limits; throws ZipError. */
export function readZip(data: Buffer, limits: ZipLimits): ZipEntry[] {
  if (data.length < 22) throw new ZipError("this is not a ZIP file");
  const end = endOfDirectory(data);
  const count = data.readUInt16LE(end + 10);
  const directoryOffset = data.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipError("ZIP64 archives are not supported");
  if (count > limits.entries) throw new ZipError(`more than ${limits.entries} files in the ZIP`);
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipError("the ZIP's list of files is damaged");
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const checksum = data.readUInt32LE(at + 16);
    const compressedSize = data.readUInt32LE(at + 20);
    const size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const skip = nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    const localOffset = data.readUInt32LE(at + 42);
    const rawName = data.subarray(at + 46, at + 46 + nameLength).toString(flags & 0x800 ? "utf8" : "latin1");
    at += 46 + skip;
    const name = safeName(rawName);
    if (rawName.endsWith("/") || name === "") continue;
    if (flags & 0x1) throw new ZipError(`"${name}" is encrypted`);
    if (method !== STORED && method !== DEFLATED) throw new ZipError(`"${name}" is compressed in a way this import does not read`);
    if (size > limits.entryBytes) throw new ZipError(`"${name}" is larger than ${limits.entryBytes / 1024 / 1024} MB`);
    total += size;
    if (total > limits.totalBytes) throw new ZipError(`the ZIP holds more than ${limits.totalBytes / 1024 / 1024} MB once unpacked`);
    if (localOffset + 30 > data.length || data.readUInt32LE(localOffset) !== LOCAL_HEADER) throw new ZipError(`"${name}" is damaged`);
    const start = localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
    const packed = data.subarray(start, start + compressedSize);
    if (packed.length !== compressedSize) throw new ZipError(`"${name}" is cut short`);
    let bytes: Buffer;
    try {
      // One byte more than declared is enough to tell a lying header.
      bytes = method === STORED ? Buffer.from(packed) : inflateRawSync(packed, { maxOutputLength: size + 1 });
    } catch {
      throw new ZipError(`"${name}" is damaged or larger than it says`);
    }
    if (bytes.length !== size || crc32(bytes) !== checksum) throw new ZipError(`"${name}" is damaged or larger than it says`);
    entries.push({ name, bytes });
  }
  return entries;
}

/**
 * The fields a local header and the directory share, from "version needed" on: UTF-8 names,
 * deflated, time and date left at 0 (the same bank gives the same bytes).
 */
function entryFields(header: Buffer, at: number, entry: { checksum: number; packedSize: number; size: number; nameLength: number }): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(0x800, at + 2);
  header.writeUInt16LE(DEFLATED, at + 4);
  header.writeUInt32LE(entry.checksum, at + 10);
  header.writeUInt32LE(entry.packedSize, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.nameLength, at + 22);
}

/** An archive of the entries, each deflated, names in UTF-8. */
export function writeZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const packed = deflateRawSync(entry.bytes);
    const fields = { checksum: crc32(entry.bytes), packedSize: packed.length, size: entry.bytes.length, nameLength: name.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    entryFields(local, 4, fields);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(DIRECTORY_ENTRY, 0);
    central.writeUInt16LE(20, 4);
    entryFields(central, 6, fields);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    directory.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}
