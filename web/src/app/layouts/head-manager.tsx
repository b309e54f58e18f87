/**
 * Client side of head.ts: after each navigation, replaces the tags marked data-head with those of the new page.
 * The server already rendered the first page's tags, so on hydration this rewrites them with the same values.
 */
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { defaultHead, renderHeadHtml, type RouteHandle } from '../head';
import { useSiteSettings } from './root-layout';

export function HeadManager() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const settings = useSiteSettings();
  useEffect(() => {
    const context = { settings, origin: window.location.origin, pathname };
    const match = [...matches].reverse().find((candidate) => (candidate.handle as RouteHandle | undefined)?.head);
    const head = match ? (match.handle as RouteHandle).head!(match.data, context) : defaultHead(context);
    for (const element of document.head.querySelectorAll('[data-head]')) element.remove();
    const template = document.createElement('template');
    template.innerHTML = renderHeadHtml(head, context);
    document.head.append(...template.content.childNodes);
    document.title = head.title;
  }, [matches, pathname, settings]);
  return null;
}
