import "server-only";

/** Uploaded images (payment screenshots, profile pictures, objection evidence): checked, stored privately, served to who may see them. */
export { listUploads, objectionEvidence, openUpload, paymentProof, storeUpload } from "./service";
export { IMAGE_HEADER_BYTES, imageSize, type ImageSize } from "./image-size";
export { checkedImage, type CheckedImage } from "./checked-image";
