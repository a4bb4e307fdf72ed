import "server-only";

/** Certificates: a participant's PDF for a quiz with published results, and its public verification. */
export { downloadCertificate, verifyCertificate, type CertificateVerification } from "./certificates";
