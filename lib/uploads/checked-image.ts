import { Invalid } from "@/lib/errors";
import { message, type Message } from "@/lib/catalogue";
import { imageSize } from "./image-size";
import { detectImageType, MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES } from "./schemas";

export interface CheckedImage {
  bytes: Uint8Array;
  contentType: string;
  extension: string;
}

/** An SVG is XML that can carry scripts and links: told apart from other refused files so the admin knows why. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).toLowerCase();
  return head.includes("<svg");
}

/**
 * A file's bytes once they are known to be an image the app serves: within 5 MB, a JPEG, PNG,
 * WebP or GIF by its own bytes (the name and the client's type are ignored), and declaring at most
 * 40 megapixels in its header, read before anything decodes it. `missing` is the refusal for no
 * file at all.
 */
export async function checkedImage(file: File | null, missing: Message): Promise<CheckedImage> {
  if (!file || file.size === 0) throw new Invalid(missing);
  if (file.size > MAX_UPLOAD_BYTES) throw new Invalid(message("fileTooLarge"));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = detectImageType(bytes);
  if (!image) throw new Invalid(message(looksLikeSvg(bytes) ? "svgNotAccepted" : "notAnImage"));
  // A header too damaged to read is left to the decoder, which keeps to the same limit (image-hash.ts).
  const size = imageSize(bytes);
  if (size && size.width * size.height > MAX_IMAGE_PIXELS) throw new Invalid(message("imageTooManyPixels"));
  return { bytes, ...image };
}
