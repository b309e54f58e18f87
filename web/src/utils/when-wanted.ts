/**
 * Hydration on demand (issue 14): a server-rendered part whose code only matters once the visitor uses it (the
 * community page's filter bar) or sees it (the map sections far down a page) keeps the server's HTML, and its code
 * loads when this resolves, not with the page. It resolves when the visitor reaches for the part: a pointer over or
 * down on it, focus or a key inside it, a field of it changed, or (with `nearViewport`) the part coming near the
 * viewport. It also resolves at once when the part is not in the page (a client render needs its code now), already
 * holds the focus, or shows a field changed since the server sent it: chosen before the app started on a slow phone,
 * or restored by the browser on Back. Such a change is then applied by the part once it mounts.
 */

/**
 * How far ahead of the viewport a part hydrated when seen starts loading its code: a screen or so, so that its code
 * (and what it loads in turn, like the map) has arrived by the time it is scrolled to.
 */
const NEAR_VIEWPORT = '1000px 0px';

/** The events that say the visitor is about to use a part (capture phase: they reach the document first). */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change'] as const;

/** True when a form field shows something else than the server's HTML set (a choice made, text typed). */
function fieldChanged(field: Element): boolean {
  if (field instanceof HTMLSelectElement) {
    const defaults = [...field.options].map((option) => option.defaultSelected);
    // A single choice with no option marked shows its first one.
    if (!field.multiple && !defaults.includes(true)) defaults[0] = true;
    return [...field.options].some((option, index) => option.selected !== defaults[index]);
  }
  if (field instanceof HTMLInputElement) {
    return field.type === 'checkbox' || field.type === 'radio'
      ? field.checked !== field.defaultChecked
      : field.value !== field.defaultValue;
  }
  return field instanceof HTMLTextAreaElement && field.value !== field.defaultValue;
}

function alreadyWanted(part: Element): boolean {
  return (
    part.contains(document.activeElement) || [...part.querySelectorAll('input, select, textarea')].some(fieldChanged)
  );
}

/** A server-rendered part: its root element, and whether it is wanted once near the viewport (else only when used). */
export interface WantedPart {
  selector: string;
  nearViewport?: boolean;
}

export function whenWanted({ selector, nearViewport }: WantedPart): Promise<void> {
  // On the server (a render without the loader's preload) there is nothing to wait for.
  const part = typeof document === 'undefined' ? null : document.querySelector(selector);
  if (!part || alreadyWanted(part)) return Promise.resolve();
  return new Promise((resolve) => {
    let observer: IntersectionObserver | undefined;
    const done = () => {
      observer?.disconnect();
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
      resolve();
    };
    const onIntent = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(selector)) done();
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
    if (nearViewport) {
      observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), {
        rootMargin: NEAR_VIEWPORT,
      });
      observer.observe(part);
    }
  });
}
