/**
 * Sharing a page: the device's share sheet (Web Share API) where there is one, else the link is copied to the
 * clipboard. Loaded on the first click of a Share button, so it costs nothing on page load (DESIGN §7).
 */

export type ShareMethod = 'native' | 'clipboard' | 'none';
export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/** The parts of `navigator` sharing uses (tests pass their own). */
export interface ShareCapabilities {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: { writeText?: (text: string) => Promise<void> };
}

/** The share sheet when the browser has one that accepts this data, else the clipboard, else nothing. */
export function chooseShareMethod(capabilities: ShareCapabilities, data: ShareData): ShareMethod {
  if (typeof capabilities.share === 'function' && (capabilities.canShare?.(data) ?? true)) return 'native';
  if (typeof capabilities.clipboard?.writeText === 'function') return 'clipboard';
  return 'none';
}

/**
 * Shares `data.url`. A visitor closing the share sheet is 'cancelled' (nothing more to say); a share sheet that
 * fails otherwise falls back to copying the link.
 */
export async function shareLink(
  data: { title: string; url: string },
  capabilities: ShareCapabilities = navigator,
): Promise<ShareOutcome> {
  const method = chooseShareMethod(capabilities, data);
  if (method === 'native') {
    try {
      await capabilities.share!(data);
      return 'shared';
    } catch (error) {
      if ((error as { name?: string } | null)?.name === 'AbortError') return 'cancelled';
    }
  }
  if (typeof capabilities.clipboard?.writeText !== 'function') return 'failed';
  try {
    await capabilities.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

export const LINK_COPIED_MESSAGE = 'Link copied to clipboard';
export const copyFailedMessage = (url: string) => `Could not copy the link. Copy it from here: ${url}`;

/**
 * Shares the current page (its address without query or fragment: what link previews and search engines know
 * it by) and answers the toast to show, or null when there is nothing to say (shared, or the sheet was closed).
 */
export async function shareCurrentPage(title: string): Promise<{ text: string; tone: 'success' | 'error' } | null> {
  const url = `${location.origin}${location.pathname}`;
  const outcome = await shareLink({ title, url });
  if (outcome === 'copied') return { text: LINK_COPIED_MESSAGE, tone: 'success' };
  if (outcome === 'failed') return { text: copyFailedMessage(url), tone: 'error' };
  return null;
}
