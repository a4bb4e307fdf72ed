import "server-only";
import { open } from "node:fs/promises";
import path from "node:path";
import { IMAGE_HEADER_BYTES, imageSize, type ImageSize } from "@/lib/uploads";
import { imageSources, renderMarkdown } from "./markdown";

const PUBLIC_DIR = path.join(process.cwd(), "public");

/**
 * Files in public/ change only with a deploy, which restarts the process: each is read once.
 * The keys are addresses admins wrote into articles, so the map stays as small as the blog.
 */
const known = new Map<string, Promise<ImageSize | null>>();

/**
 * The pixel size of an image served from this site's public/ folder, read from the file's
 * header. Other hosts' images get no size: fetching an address an admin typed would let the
 * server be pointed at any machine it can reach.
 */
export function localImageSize(imageUrl: string | null): Promise<ImageSize | null> {
  if (!imageUrl || !imageUrl.startsWith("/") || imageUrl.startsWith("//")) return Promise.resolve(null);
  let size = known.get(imageUrl);
  if (!size) {
    size = readSize(imageUrl);
    known.set(imageUrl, size);
  }
  return size;
}

async function readSize(imageUrl: string): Promise<ImageSize | null> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(imageUrl, "http://site.invalid").pathname);
  } catch {
    return null;
  }
  const file = path.join(PUBLIC_DIR, pathname);
  // "/../" is resolved away by URL already; this keeps any other trick inside public/.
  if (!file.startsWith(`${PUBLIC_DIR}${path.sep}`)) return null;
  let handle;
  try {
    handle = await open(file, "r");
  } catch {
    return null;
  }
  try {
    const buffer = new Uint8Array(IMAGE_HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, IMAGE_HEADER_BYTES, 0);
    return imageSize(buffer.subarray(0, bytesRead));
  } catch {
    // A directory or an unreadable file is simply not an image we can size.
    return null;
  } finally {
    await handle.close();
  }
}

/** An article's HTML, its images from this site given their width and height so the page does not shift. */
export async function renderArticle(source: string): Promise<string> {
  const sizes = new Map<string, ImageSize>();
  await Promise.all(
    [...new Set(imageSources(source))].map(async (src) => {
      const size = await localImageSize(src);
      if (size) sizes.set(src, size);
    }),
  );
  return renderMarkdown(source, sizes);
}
