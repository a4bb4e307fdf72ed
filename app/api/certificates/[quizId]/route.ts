import { z } from "zod";
import { downloadCertificate } from "@/lib/certificates";
import { publicOrigin, route } from "@/lib/http";
import { CERTIFICATE_NOT_FOUND } from "@/lib/catalogue";

export const GET = route({ can: "certificates.download", does: "Downloads the caller's certificate for a published quiz (PDF)", params: z.object({ quizId: z.uuid(CERTIFICATE_NOT_FOUND) }) }, async ({ actor, params, request }) => {
  const certificate = await downloadCertificate(actor, actor.id, params.quizId, publicOrigin(request.headers));
  return new Response(Buffer.from(certificate.bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${certificate.fileName}"`,
      "content-length": String(certificate.bytes.byteLength),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});
