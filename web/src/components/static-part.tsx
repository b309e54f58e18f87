/**
 * A static part of a server-rendered page (issue 14): a section with nothing interactive in it keeps the HTML the
 * server sent while the page hydrates. React neither walks nor builds what is inside, so a slow phone is interactive
 * sooner; only the section's own element is hydrated. Rendered on the server, by a client-side navigation, or once
 * the data its content is made from (`deps`) changes, it renders its children as usual.
 *
 * The router links in kept HTML have no handlers of their own: listeners on the document handle their clicks and
 * hovers (app/router-links.ts), found by the attribute set here.
 */
import { createElement, useId, useState, type HTMLAttributes } from 'react';
import { appHasStarted } from '@/utils/app-ready-event';

/** Marks the element of a static part, with its React id (how the hydrating client finds the server's element). */
export const STATIC_PART_ATTRIBUTE = 'data-static-part';

interface StaticPartProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'ul' | 'dl' | 'header' | 'article' | 'footer';
  /**
   * What the content is made from, like a hook's dependency list: while each is the value the page hydrated with,
   * the server's HTML stays. Left out for fixed content.
   */
  deps?: unknown[];
}

export function StaticPart({ as = 'div', deps = [], children, ...attributes }: StaticPartProps) {
  const id = useId();
  // Read while hydrating, when the server's element is still in the document (also if React gives up hydrating
  // and renders on the client: the section then gets the same HTML back instead of staying empty).
  const [kept] = useState(() => {
    const element =
      typeof document === 'undefined' || appHasStarted()
        ? null
        : document.querySelector(`[${STATIC_PART_ATTRIBUTE}="${id}"]`);
    return element && { deps, html: { __html: element.innerHTML } };
  });
  const props = { ...attributes, [STATIC_PART_ATTRIBUTE]: id };
  return kept?.deps.every((value, index) => value === deps[index])
    ? createElement(as, { ...props, dangerouslySetInnerHTML: kept.html })
    : createElement(as, props, children);
}
