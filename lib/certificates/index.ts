import "server-only";

/** Certificates: a participant's PDF for a version of a quiz's published results, and its public verification (which says when a revision superseded it). */
export { downloadCertificate, verifyCertificate, type CertificateVerification } from "./certificates";
