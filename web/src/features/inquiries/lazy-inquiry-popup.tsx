/**
 * The popup's code loads on first open (or earlier, when the pointer or focus reaches a button that opens it),
 * so community and listing pages do not carry the form on a plain view.
 */
import { lazyWithPreload } from '@/components/lazy-with-preload';

const popup = lazyWithPreload(() => import('./inquiry-popup'));

export const LazyInquiryPopup = popup.Component;
/** Call from the opener's pointerenter/focus to have the code ready for the click. */
export const preloadInquiryPopup = popup.preload;
