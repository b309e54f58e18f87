/**
 * Image upload (SPEC §4 "Image upload", §5, §7, §8): the chosen file is checked here first (an image; JPG, PNG or
 * WebP; at most 5 MB; its bytes as the server checks them), turned into a data URL and posted as JSON `{ filename: "<timestamp>-<name>", file }`
 * with the bearer token. The server decides the type from the bytes again and answers the URL of the largest
 * re-encoded WebP and its `srcset` variants.
 *
 * Offline, or when the server cannot be reached, a file that passes the checks is kept on this device instead
 * (uploadOrKeepImage): the form gets a placeholder `pending-upload:<id>` and shows the file from the device, and
 * the record's queued write uploads it through this same call before it is sent (data/pending-upload-delivery.ts).
 * The outbox entry carries only the placeholder, never the 7 MB body.
 */
import { ALLOWED_IMAGE_MIME_TYPES, MAX_UPLOAD_BYTES } from '@domain/constants';
import { checkImageBytes } from '@domain/images/check-image-bytes';
import { MESSAGES } from '@domain/messages';
import { liveQuery } from 'dexie';
import { ApiError, NetworkUnreachableError } from '../../http-errors';
import { sendJson } from '../../http-client';
import type { DeliveryResult } from '../../outbox-entry';
import { getPendingUpload, keepPendingUpload, pendingUploadId, replacePendingUploads } from '../../pending-uploads';
import { AdminActionError, serverMessageOf } from './errors';

export const UPLOAD_MESSAGES = {
  wrongType: 'Please choose a JPG, PNG or WebP image.',
  tooLarge: 'The image is larger than 5 MB. Please choose a smaller image.',
  empty: 'The file is empty. Please choose an image file.',
  offline: 'You are offline. Upload the image once the connection is back.',
  unreachable: 'The server could not be reached. Upload the image once the connection is back.',
} as const;

/** A 5 MB image as a data URL in JSON takes time on a phone connection; past this the upload is given up. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export interface UploadedImage {
  /** The largest variant, e.g. /uploads/<hash>-1600.webp. */
  url: string;
  /** Every variant, smallest first, for srcset. */
  variants: { width: number; url: string }[];
  width?: number;
  height?: number;
}

/**
 * The message to show for a chosen file, or null when it may be uploaded (SPEC §5, §9). First its declared type
 * and size; then, for a file whose bytes can be read (a File or Blob), its bytes the way the server checks them
 * (domain/images/check-image-bytes.ts: the type from the magic number, a cut JPEG, the pixel limit, the
 * proportions, with the server's messages). A file kept offline is uploaded later, and the server's refusal then
 * would park the record's whole queued write: what the server would refuse is refused here, before it is kept.
 */
export async function validateImageFile(file: Blob | { type: string; size: number }): Promise<string | null> {
  const type = (file.type || '').toLowerCase();
  if (!type.startsWith('image/')) return MESSAGES.imageNotAnImage;
  if (!(ALLOWED_IMAGE_MIME_TYPES as readonly string[]).includes(type === 'image/jpg' ? 'image/jpeg' : type)) {
    return UPLOAD_MESSAGES.wrongType;
  }
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (!('arrayBuffer' in file) || typeof file.arrayBuffer !== 'function') return null;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    // Unreadable here (a file moved or revoked since it was picked): reading it for the upload says so.
    return null;
  }
  return checkImageBytes(bytes);
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk) {
    binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  }
  return btoa(binary);
}

/** The file as a `data:<type>;base64,...` URL (FileReader in browsers, plain bytes elsewhere). */
export async function toDataUrl(file: Blob): Promise<string> {
  if (typeof FileReader !== 'undefined') {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
      reader.readAsDataURL(file);
    });
  }
  const type = file.type || 'application/octet-stream';
  return `data:${type};base64,${base64(new Uint8Array(await file.arrayBuffer()))}`;
}

/**
 * Uploads an image. Throws AdminActionError: the validation message (nothing sent), the server's `error`, or
 * "Upload failed"; offline, the offline message (`offline: true`).
 */
export async function uploadImage(file: File | Blob, filename: string): Promise<UploadedImage> {
  const invalid = await validateImageFile(file);
  if (invalid) throw new AdminActionError(invalid);
  let dataUrl: string;
  try {
    dataUrl = await toDataUrl(file);
  } catch (error) {
    throw new AdminActionError('The file could not be read. Please choose it again.', { cause: error });
  }
  let answer: { success?: boolean; url?: string; variants?: UploadedImage['variants']; width?: number; height?: number; error?: string };
  try {
    answer = await sendJson('POST', 'upload', { filename: `${Date.now()}-${filename}`, file: dataUrl }, {
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof NetworkUnreachableError) {
      const message = error.reason === 'offline' ? UPLOAD_MESSAGES.offline : UPLOAD_MESSAGES.unreachable;
      throw new AdminActionError(message, { offline: true, cause: error });
    }
    if (error instanceof ApiError) {
      if (error.status === 401) throw new AdminActionError(MESSAGES.authExpired, { status: 401, cause: error });
      const serverMessage = serverMessageOf(error);
      throw new AdminActionError(serverMessage ?? MESSAGES.uploadFailed, {
        status: error.status,
        ...(serverMessage !== undefined ? { serverMessage } : {}),
        cause: error,
      });
    }
    throw new AdminActionError(MESSAGES.uploadFailed, { cause: error });
  }
  if (!answer?.url || answer.success === false) throw new AdminActionError(answer?.error || MESSAGES.uploadFailed);
  return {
    url: answer.url,
    variants: Array.isArray(answer.variants) ? answer.variants : [],
    ...(typeof answer.width === 'number' ? { width: answer.width } : {}),
    ...(typeof answer.height === 'number' ? { height: answer.height } : {}),
  };
}

/** A chosen image: uploaded (`url` is the server's), or kept on this device (`url` is its placeholder). */
export interface ChosenImage {
  url: string;
  queued: boolean;
}

/**
 * Uploads an image, or keeps it on this device when the server cannot be reached (the record's queued write
 * uploads it later). Throws AdminActionError for anything else: the checks, or the server's refusal.
 */
export async function uploadOrKeepImage(file: File | Blob, filename: string): Promise<ChosenImage> {
  try {
    return { url: (await uploadImage(file, filename)).url, queued: false };
  } catch (error) {
    if (!(error instanceof AdminActionError) || !error.offline) throw error;
    return { url: await keepPendingUpload(file, filename), queued: true };
  }
}

/** The sync worker's upload of a kept image (pending-upload-delivery SendUpload): the same call, as a result. */
export async function sendKeptImage(upload: { bytes: ArrayBuffer; type: string; filename: string }): Promise<DeliveryResult> {
  try {
    const image = await uploadImage(new Blob([upload.bytes], { type: upload.type }), upload.filename);
    return { status: 201, body: image };
  } catch (error) {
    if (!(error instanceof AdminActionError)) throw error;
    if (error.offline) return { status: 'network', message: error.message };
    // Refused before sending (the checks) or by the server without a status: the bytes will not do, as a 400.
    return { status: error.status ?? 400, message: error.message };
  }
}

/** What a form shows for an image kept on this device: the file itself, or its URL once uploaded. */
export interface KeptImagePreview {
  /** The file from the device (a Blob for an object URL), until it is uploaded. */
  blob?: Blob;
  /** The server's URL once uploaded. */
  uploadedUrl?: string;
}

export { isPendingUploadRef } from '../../pending-uploads';

/**
 * A form's input as the domain schema checks it on this device: a kept image's placeholder (which the schema
 * refuses, so that the server never stores one) stands for the upload URL it becomes before the write is sent.
 */
export function withKeptImagesAsUploads<T>(input: T): T {
  return replacePendingUploads(input, () => '/uploads/kept-on-device.webp') as T;
}

/**
 * Calls `listener` with what a placeholder shows now and whenever it changes (uploaded, released); undefined when
 * the image is no longer on this device. Returns the unsubscribe function.
 */
export function watchKeptImage(ref: string, listener: (preview: KeptImagePreview | undefined) => void): () => void {
  const id = pendingUploadId(ref);
  if (!id) {
    listener(undefined);
    return () => undefined;
  }
  const subscription = liveQuery(() => getPendingUpload(id)).subscribe({
    next: (row) => {
      if (!row) return listener(undefined);
      listener({
        ...(row.bytes ? { blob: new Blob([row.bytes], { type: row.type }) } : {}),
        ...(row.uploaded ? { uploadedUrl: row.uploaded.url } : {}),
      });
    },
    error: (error: unknown) => console.warn('Image kept on this device unavailable', error),
  });
  return () => subscription.unsubscribe();
}
