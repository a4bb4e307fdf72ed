import "server-only";

/** Uploaded images (payment screenshots, profile pictures): checked, stored privately, served to who may see them. */
export { listUploads, openUpload, paymentProof, storeUpload, type UploadPurpose } from "./service";
