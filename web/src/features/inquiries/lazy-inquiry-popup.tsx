/**
 * The popup's code loads on first open (or earlier, when the pointer or focus reaches a button that opens it),
 * so community and listing pages do not carry the form on a plain view.
 */
import { lazyWithPreload } from '@/components/lazy-with-preload';

/** The component, the preload for its openers' pointerenter/focus and the show for their click. */
export const [LazyInquiryPopup, preloadInquiryPopup, showInquiryPopup] = lazyWithPreload(
  () => import('./inquiry-popup'),
);
