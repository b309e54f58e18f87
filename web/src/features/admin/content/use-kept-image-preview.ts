/**
 * The preview of an image field whose value is a placeholder for an image kept on this device (chosen while the
 * server could not be reached, issue 17): the file itself through an object URL while it waits, the server's URL
 * once the sync worker uploaded it. For any other value, nothing: the field shows the URL as it is.
 */
import { useEffect, useState } from 'react';
import { isPendingUploadRef, watchKeptImage } from '@/data/repositories/admin/upload';

export interface KeptImageShown {
  /** What the <img> shows; empty when the image is no longer on this device. */
  src: string;
  /** True until the image is on the server: the field says "Waiting to sync". */
  waiting: boolean;
}

export function useKeptImagePreview(value: string): KeptImageShown | undefined {
  const [shown, setShown] = useState<{ value: string } & KeptImageShown>();
  useEffect(() => {
    if (!isPendingUploadRef(value)) return undefined;
    let objectUrl: string | undefined;
    const release = () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      objectUrl = undefined;
    };
    const stop = watchKeptImage(value, (preview) => {
      release();
      if (preview?.uploadedUrl) setShown({ value, src: preview.uploadedUrl, waiting: false });
      else if (preview?.blob) {
        objectUrl = URL.createObjectURL(preview.blob);
        setShown({ value, src: objectUrl, waiting: true });
      } else setShown({ value, src: '', waiting: true });
    });
    return () => {
      stop();
      release();
    };
  }, [value]);
  if (!isPendingUploadRef(value)) return undefined;
  // Until the device answers, the field is marked as waiting without a picture.
  return shown?.value === value ? { src: shown.src, waiting: shown.waiting } : { src: '', waiting: true };
}
