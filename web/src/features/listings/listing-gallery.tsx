/**
 * The listing page's photos (issue 17): up to three in the grid, the first (the cover) being the page's LCP image,
 * each a button that opens the full-screen viewer at that photo. The viewer's code loads on the first open, so the
 * page carries only these buttons (DESIGN §7). A listing without photos shows its community's picture, said to be
 * the community's, never passed off as the house.
 */
import { useState, type ComponentType } from 'react';
import { gallerySizes, photoSrcSet } from './gallery-sizes';
import type { Photo, PhotoViewerProps } from './photo-viewer';

export function ListingGallery({ photos, title }: { photos: Photo[]; title: string }) {
  const [viewer, setViewer] = useState<{ View: ComponentType<PhotoViewerProps>; index: number } | null>(null);
  const open = (index: number) =>
    void import('./photo-viewer').then(({ PhotoViewer }) => setViewer({ View: PhotoViewer, index }));
  const shown = photos.slice(0, 3);
  const more = photos.length - shown.length;
  return (
    <div className={`gallery gallery--${shown.length}`}>
      {shown.map((photo, index) => {
        const srcSet = photoSrcSet(photo.src);
        return (
          <button
            key={index}
            type="button"
            className="gallery__open"
            aria-haspopup="dialog"
            onClick={() => open(index)}
          >
            <img
              className="gallery__image"
              src={photo.src}
              srcSet={srcSet}
              sizes={srcSet && gallerySizes(shown.length, index)}
              alt={photo.alt}
              width={1200}
              height={800}
              loading={index ? 'lazy' : 'eager'}
              fetchPriority={index ? undefined : 'high'}
            />
            {index === 2 && more > 0 && <span className="gallery__more">+{more}</span>}
          </button>
        );
      })}
      {viewer && <viewer.View photos={photos} title={title} start={viewer.index} onClose={() => setViewer(null)} />}
    </div>
  );
}
