import "server-only";
import { open } from "node:fs/promises";
import path from "node:path";
import { IMAGE_HEADER_BYTES, imageSize, type ImageSize } from "./image-size";

const PUBLIC_DIR = path.join(process.cwd(), "public");

/**
 * The pixel size of an article's image, read from the file's header when it is saved. Only
 * images served from this site's public/ folder are read: fetching an address an admin typed
 * would let the server be pointed at any machine it can reach, so other hosts' images get
 * no size (the page then keeps its fixed cover box, so nothing shifts as it loads).
 */
export async function coverImageSize(imageUrl: string | null): Promise<ImageSize | null> {
  if (!imageUrl || !imageUrl.startsWith("/") || imageUrl.startsWith("//")) return null;
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
