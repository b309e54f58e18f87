/**
 * Client side of head.ts: after each navigation, replaces the tags marked data-head with those of the new page.
 * A server-rendered first page already has its tags, so nothing is done then, and head.ts (the tag writer) loads
 * with the first navigation instead of with every page (DESIGN §7: JS budget, and no head rewrite during
 * hydration). Pages rendered in the browser from the start (the offline shell, admin) get theirs at once.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import type { RouteHandle } from '../head';
import { useSiteSettings } from '@/hooks/use-site-settings';

/** The server embeds its loader data in this element on the pages it renders (web/src/entry-server.tsx). */
const SERVER_RENDERED_MARK = 'hydration-data';

export function HeadManager() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const settings = useSiteSettings();
  const isFirstPage = useRef(true);
  useEffect(() => {
    const firstPage = isFirstPage.current;
    isFirstPage.current = false;
    if (firstPage && document.getElementById(SERVER_RENDERED_MARK)) return;
    let superseded = false;
    void import('../head').then(async ({ defaultHead, renderHeadHtml }) => {
      const context = { settings, origin: window.location.origin, pathname };
      const match = [...matches].reverse().find((candidate) => (candidate.handle as RouteHandle | undefined)?.head);
      const head = match ? await (match.handle as RouteHandle).head!(match.data, context) : defaultHead(context);
      if (superseded) return;
      for (const element of document.head.querySelectorAll('[data-head]')) element.remove();
      const template = document.createElement('template');
      template.innerHTML = renderHeadHtml(head, context);
      document.head.append(...template.content.childNodes);
      document.title = head.title;
    });
    return () => {
      superseded = true;
    };
  }, [matches, pathname, settings]);
  return null;
}
