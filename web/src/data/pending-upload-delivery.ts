/**
 * Before a queued write goes (issue 17): each image it names by placeholder (pending-uploads.ts) is uploaded
 * through the usual upload call (the server sniffs the bytes and re-encodes them to WebP widths), and the write is
 * sent with the server's URLs in place of the placeholders. The stored entry keeps its placeholders and its id
 * (the Idempotency-Key): the answers are kept on the rows, so a retried send, even after a crash, sends the same
 * body, and an image is uploaded again only when its answer was lost (the server names files by a hash of their
 * bytes, so that stores nothing twice).
 *
 * An upload that does not succeed is the write's answer: no network or a 5xx → the write waits and retries; a 401
 * → the admin writes pause until the next login; bytes the server refuses → the write is parked as failed with
 * the server's reason, for the admin to discard (which drops the image) or retry.
 */
import type { DeliveryResult, OutboxEntry } from './outbox-entry';
import {
  findPendingUploadIds,
  getPendingUpload,
  markUploaded,
  replacePendingUploads,
  type PendingUploadRow,
  type UploadedImageRef,
} from './pending-uploads';

/** Uploads one kept image; a 2xx answer's body is the server's `{ url, variants }`. */
export type SendUpload = (upload: { bytes: ArrayBuffer; type: string; filename: string }) => Promise<DeliveryResult>;

/** The status given to a write whose image is no longer on this device: refused like a bad request, parked. */
const MISSING_IMAGE_STATUS = 400;

export const missingImageMessage = 'A photo waiting to upload is no longer on this device. Choose it again.';

function uploadedRef(body: unknown): UploadedImageRef | null {
  const answer = body as { url?: unknown; variants?: unknown } | null | undefined;
  if (typeof answer?.url !== 'string' || !answer.url) return null;
  const variants = Array.isArray(answer.variants)
    ? answer.variants.filter(
        (variant): variant is UploadedImageRef['variants'][number] =>
          typeof variant?.url === 'string' && typeof variant?.width === 'number',
      )
    : [];
  return { url: answer.url, variants };
}

function uploadFailure(row: PendingUploadRow, result: DeliveryResult): DeliveryResult {
  if (result.status === 'network') return result;
  const reason = result.message ?? `HTTP error! status: ${result.status}`;
  return { ...result, message: `The photo "${row.filename}" could not be uploaded: ${reason}` };
}

export type PreparedSend = { entry: OutboxEntry } | { result: DeliveryResult };

/**
 * The entry as it must be sent: with the URLs of its images, uploading those not uploaded yet, one after the
 * other. Or, when an upload did not succeed, the result the entry is settled with (nothing else is sent).
 * `beforeUpload` runs before each real upload (the worker lengthens the entry's send lease: an upload can take
 * longer than a write).
 */
export async function prepareForSending(
  entry: OutboxEntry,
  sendUpload: SendUpload,
  beforeUpload: () => Promise<void> = async () => undefined,
): Promise<PreparedSend> {
  const ids = findPendingUploadIds(entry.payload);
  if (ids.length === 0) return { entry };
  const urls = new Map<string, string>();
  for (const id of ids) {
    const row = await getPendingUpload(id);
    if (row?.uploaded) {
      urls.set(id, row.uploaded.url);
      continue;
    }
    if (!row?.bytes) return { result: { status: MISSING_IMAGE_STATUS, message: missingImageMessage } };
    await beforeUpload();
    let result: DeliveryResult;
    try {
      result = await sendUpload({ bytes: row.bytes, type: row.type, filename: row.filename });
    } catch (error) {
      result = { status: 'network', message: error instanceof Error ? error.message : String(error) };
    }
    const uploaded = typeof result.status === 'number' && result.status < 300 ? uploadedRef(result.body) : null;
    if (!uploaded) {
      const failed: DeliveryResult =
        typeof result.status === 'number' && result.status < 300
          ? { status: 502, message: 'The server did not answer with the image URL' }
          : result;
      return { result: uploadFailure(row, failed) };
    }
    await markUploaded(id, uploaded);
    urls.set(id, uploaded.url);
  }
  return { entry: { ...entry, payload: replacePendingUploads(entry.payload, (id) => urls.get(id)!) } };
}
