/**
 * The full-screen photo viewer of a listing (issue 17), loaded on the first tap on a gallery photo. It is the
 * site's modal (native <dialog>: the page behind is inert, Tab stays inside, Escape and the close button close it,
 * the focus goes back to the photo that opened it). Previous and Next buttons, the arrow keys and a horizontal
 * swipe move between photos; the photo counter is announced.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { photoSrcSet } from './gallery-sizes';
import './photo-viewer.css';

export interface Photo {
  src: string;
  alt: string;
}

export interface PhotoViewerProps {
  photos: Photo[];
  title: string;
  /** The photo shown first. */
  start: number;
  onClose: () => void;
}

const PREVIOUS = '<path d="m15 18-6-6 6-6"/>';
const NEXT = '<path d="m9 18 6-6-6-6"/>';
/** A horizontal move shorter than this is a tap or a scroll, not a swipe. */
const SWIPE_PX = 40;

export function PhotoViewer({ photos, title, start, onClose }: PhotoViewerProps) {
  const [index, setIndex] = useState(start);
  const swipeFrom = useRef<number | null>(null);
  const count = photos.length;
  const step = (by: number) => setIndex((current) => (current + by + count) % count);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const by = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!by) return;
      event.preventDefault();
      setIndex((current) => (current + by + count) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count]);

  const photo = photos[index]!;
  const srcSet = photoSrcSet(photo.src);
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (swipeFrom.current === null) return;
    const moved = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(moved) >= SWIPE_PX) step(moved < 0 ? 1 : -1);
  };

  return (
    <Modal titleId="photo-viewer-title" title={`${title}: photos`} onClose={onClose}>
      <div className="photo-viewer">
        <figure
          className="photo-viewer__stage"
          onPointerDown={(event) => {
            swipeFrom.current = event.clientX;
          }}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            swipeFrom.current = null;
          }}
        >
          <img
            key={photo.src + index}
            className="photo-viewer__image"
            src={photo.src}
            srcSet={srcSet}
            sizes={srcSet && '100vw'}
            alt={photo.alt}
            draggable={false}
          />
          <figcaption className="photo-viewer__count" aria-live="polite">
            Photo {index + 1} of {count}
          </figcaption>
        </figure>
        {count > 1 && (
          <div className="photo-viewer__nav">
            <button
              type="button"
              className="icon-button photo-viewer__step"
              aria-label="Previous photo"
              onClick={() => step(-1)}
            >
              <Icon svg={PREVIOUS} />
            </button>
            <button
              type="button"
              className="icon-button photo-viewer__step"
              aria-label="Next photo"
              onClick={() => step(1)}
            >
              <Icon svg={NEXT} />
            </button>
          </div>
        )}
      </div>
    </Modal>
  );
}
