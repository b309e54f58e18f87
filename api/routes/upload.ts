/**
 * POST /api/upload (SPEC §7): the spec's JSON `{ filename, file: dataURL }` or multipart form data.
 * The type is decided from the bytes, the image re-encoded, and the client's file name never used as a path
 * (api/uploads/image-upload.ts). Answers `{ success, url, ... }` or `{ success: false, error }`.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import path from 'node:path';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, MESSAGES } from '../../domain';
import { decodeDataUrl, processImageUpload, UploadRejectedError } from '../uploads/image-upload';
import { recheckAdminAccess } from '../security/admin-access';

// A 5 MB file is about 7 MB once base64-encoded in JSON; the rest of the API keeps Fastify's 1 MB default.
const JSON_UPLOAD_BODY_LIMIT = 7 * 1024 * 1024;

const jsonUploadSchema = z.object({
  filename: z.string().max(300).optional(),
  file: z
    .string({ error: 'Send the image as a data URL in "file"' })
    .min(1, { error: 'Send the image as a data URL in "file"' }),
});

const MALFORMED_FORM =
  'The form data could not be read. Send the image again as multipart/form-data with a "file" field.';

/** The one file of a multipart upload; a broken form (no boundary, a body that ends mid-part) is the client's 400. */
async function readMultipartFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (!part) throw new UploadRejectedError(400, 'Attach an image file in the "file" field.');
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof UploadRejectedError) throw error;
    // Too large keeps its own answer (below); busboy's parse errors are plain Errors without a status.
    if ((error as { statusCode?: number }).statusCode === 413) throw error;
    throw new UploadRejectedError(400, MALFORMED_FORM);
  }
}

export default async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  const uploadsDir = path.join(app.config.dataDir, 'uploads');

  app.post('/upload', { onRequest: app.authenticate, bodyLimit: JSON_UPLOAD_BODY_LIMIT }, async (request, reply) => {
    try {
      let bytes: Buffer;
      if (request.isMultipart()) {
        bytes = await readMultipartFile(request);
      } else {
        const parsed = jsonUploadSchema.safeParse(request.body);
        if (!parsed.success)
          throw new UploadRejectedError(400, parsed.error.issues[0]?.message ?? MESSAGES.uploadFailed);
        bytes = decodeDataUrl(parsed.data.file);
      }
      // The audit entry is written before the answer; if storage refuses it, the new files are removed (503).
      const stored = await processImageUpload(bytes, uploadsDir, (upload) =>
        app.storage.transact((tx) => {
          // Decoding and writing the variants took a while: the admin may have lost access meanwhile (a 401 here
          // removes the files this call created).
          recheckAdminAccess(tx, request.admin!, request.token?.jti);
          tx.insert('audit', {
            at: new Date().toISOString(),
            actorId: request.admin!.id,
            actorEmail: request.admin!.email,
            action: 'upload.create',
            entity: 'session',
            entityId: null,
            ip: request.ip,
            outcome: 'success',
            detail: upload.url,
          });
        }),
      );
      return reply.code(201).send({ success: true, ...stored });
    } catch (error) {
      if (error instanceof UploadRejectedError)
        return reply.code(error.statusCode).send({ success: false, error: error.message });
      const statusCode = (error as { statusCode?: number }).statusCode;
      if (statusCode === 413) {
        return reply.code(413).send({ success: false, error: 'The file is larger than 5 MB. Choose a smaller image.' });
      }
      throw error;
    }
  });
}
