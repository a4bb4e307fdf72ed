import "server-only";

/** Uploaded images (payment screenshots, profile pictures, objection evidence): checked, stored privately, served to who may see them. */
export { listUploads, objectionEvidence, openUpload, paymentProof, storeUpload } from "./service";
