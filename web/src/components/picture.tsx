/**
 * A responsive image: the site's WebP variants in `srcset` (every current browser decodes WebP; the JPEG in
 * `src` is the fallback for the rest), width and height set so the layout never shifts. `priority` is for the one
 * above-the-fold hero image (eager, high fetch priority); everything else loads lazily and decodes off the main
 * thread.
 */
import { webpSrcSet } from '@/utils/images';

interface PictureProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  priority?: boolean;
  className?: string;
}

export function Picture({ src, alt, width, height, sizes, priority, className }: PictureProps) {
  const srcSet = webpSrcSet(src);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet && sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
