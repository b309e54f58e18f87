/**
 * The popup's code loads on first open (or earlier, when the pointer or focus reaches a button that opens it),
 * so community and listing pages do not carry the form on a plain view.
 */
import { lazy, Suspense } from 'react';
import type { InquiryPopupProps } from './inquiry-popup';

const load = () => import('./inquiry-popup');
const InquiryPopup = lazy(load);

/** Call from the opener's pointerenter/focus to have the code ready for the click. */
export const preloadInquiryPopup = (): void => void load().catch(() => undefined);

export function LazyInquiryPopup(props: InquiryPopupProps) {
  return (
    <Suspense fallback={null}>
      <InquiryPopup {...props} />
    </Suspense>
  );
}
