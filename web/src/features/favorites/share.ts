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
