import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkUnreachableError } from '../../http-errors';
import { deleteLocalDb, localDb } from '../../local-db';
import { getPendingUpload, pendingUploadId } from '../../pending-uploads';
import { sendKeptImage, uploadOrKeepImage, withKeptImagesAsUploads } from './upload';

const sendJson = vi.hoisted(() => vi.fn());
vi.mock('../../http-client', () => ({ sendJson }));

/** A real 8 × 8 JPEG (sharp, quality 1): the upload's checks read the bytes as the server does. */
const JPEG_BYTES = Uint8Array.from(
  atob(
    '/9j/2wBDAP//////////////////////////////////////////////////////////////////////////////////////2wBDAf///////' +
      '///////////////////////////////////////////////////////////////////////////////wAARCAAIAAgDASIAAhEBAxEB/8QAFQAB' +
      'AQAAAAAAAAAAAAAAAAAAAAH/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/' +
      '2gAMAwEAAhEDEQA/AIAQ/9k=',
  ),
  (c) => c.charCodeAt(0),
);
const jpeg = () => new Blob([JPEG_BYTES], { type: 'image/jpeg' });
const answer = { success: true, url: '/uploads/abc-1600.webp', variants: [{ width: 1600, url: '/uploads/abc-1600.webp' }] };

beforeEach(async () => {
  sendJson.mockReset();
  await deleteLocalDb();
});

describe('uploadOrKeepImage', () => {
  it('answers the server’s URL when the upload goes through', async () => {
    sendJson.mockResolvedValue(answer);
    expect(await uploadOrKeepImage(jpeg(), 'front.jpg')).toEqual({ url: answer.url, queued: false });
  });

  it('offline, keeps the bytes on this device and answers a placeholder', async () => {
    sendJson.mockRejectedValue(new NetworkUnreachableError('offline'));
    const chosen = await uploadOrKeepImage(jpeg(), 'front.jpg');
    expect(chosen.queued).toBe(true);
    const row = await getPendingUpload(pendingUploadId(chosen.url)!);
    expect(row).toMatchObject({ filename: 'front.jpg', type: 'image/jpeg' });
    expect(new Uint8Array(row!.bytes!)).toEqual(JPEG_BYTES);
  });

  it('keeps nothing when the file fails the checks or the server refuses it', async () => {
    await expect(uploadOrKeepImage(new Blob(['x'], { type: 'image/gif' }), 'a.gif')).rejects.toThrow(
      'Please choose a JPG, PNG or WebP image.',
    );
    sendJson.mockRejectedValue(new ApiError('Network error: bad', 400, { serverMessage: 'The file is not an image' }));
    await expect(uploadOrKeepImage(jpeg(), 'front.jpg')).rejects.toThrow('The file is not an image');
    expect(sendJson).toHaveBeenCalledTimes(1);
    expect(await localDb().pendingUploads.count()).toBe(0);
  });

  it('offline, keeps nothing the server would refuse by its bytes: it is refused now, with the server’s message', async () => {
    sendJson.mockRejectedValue(new NetworkUnreachableError('offline'));
    const gif = new Blob([Uint8Array.from(atob('R0lGODlhAQABAIAAAExpcTNmmSH5BAUAAAAALAAAAAABAAEAAAICTAEAOw=='), (c) => c.charCodeAt(0))], {
      type: 'image/png',
    });
    await expect(uploadOrKeepImage(gif, 'photo.png')).rejects.toThrow('Only JPG, PNG and WebP images are accepted.');
    const cut = new Blob([JPEG_BYTES.subarray(0, 200)], { type: 'image/jpeg' });
    await expect(uploadOrKeepImage(cut, 'cut.jpg')).rejects.toThrow('The image could not be read.');
    expect(sendJson).not.toHaveBeenCalled();
    expect(await localDb().pendingUploads.count()).toBe(0);
  });
});

describe('sendKeptImage', () => {
  const kept = { bytes: JPEG_BYTES.slice().buffer, type: 'image/jpeg', filename: 'front.jpg' };

  it('posts the bytes through the same upload call and answers the server’s body', async () => {
    sendJson.mockResolvedValue(answer);
    expect(await sendKeptImage(kept)).toMatchObject({ status: 201, body: { url: answer.url } });
    const [method, path, body] = sendJson.mock.calls[0]!;
    expect([method, path]).toEqual(['POST', 'upload']);
    expect(body.file).toMatch(/^data:image\/jpeg;base64,/);
    expect(body.filename).toMatch(/^\d+-front\.jpg$/);
  });

  it('turns no answer, a refusal and a 5xx into the results the outbox understands', async () => {
    sendJson.mockRejectedValueOnce(new NetworkUnreachableError('failed'));
    expect(await sendKeptImage(kept)).toMatchObject({ status: 'network' });
    sendJson.mockRejectedValueOnce(new ApiError('Network error: bad', 415, { serverMessage: 'Not an image' }));
    expect(await sendKeptImage(kept)).toEqual({ status: 415, message: 'Not an image' });
    sendJson.mockRejectedValueOnce(new ApiError('Network error: down', 503));
    expect(await sendKeptImage(kept)).toMatchObject({ status: 503 });
  });
});

describe('withKeptImagesAsUploads', () => {
  it('lets a form’s check pass a placeholder as the upload URL it becomes, leaving the rest alone', () => {
    expect(withKeptImagesAsUploads({ image: 'pending-upload:a1', images: ['/x.jpg', 'pending-upload:b2'] })).toEqual({
      image: '/uploads/kept-on-device.webp',
      images: ['/x.jpg', '/uploads/kept-on-device.webp'],
    });
  });
});
