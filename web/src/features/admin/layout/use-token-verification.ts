/**
 * The admin shell's check of the stored session (SPEC §4, DESIGN §5 "Session"): the stored token and user are shown
 * at once, and the token is verified with the server when online, again whenever the connection returns.
 */
import { onlineManager } from '@tanstack/react-query';
import { useEffect } from 'react';
import { verifySession } from '@/data/repositories/admin/auth';

/** Verifies the stored token when online (now, and whenever TanStack's onlineManager says the connection returned). */
export function useTokenVerification(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const verify = () => {
      if (!onlineManager.isOnline()) return;
      // verifySession signs out when the server refuses this token (SPEC §4), and only then: no answer, a cut-off
      // one, or a refusal of a token a newer login has replaced leaves the stored session standing.
      verifySession().catch(() => undefined);
    };
    verify();
    const stop = onlineManager.subscribe((online) => online && verify());
    return () => stop();
  }, [enabled]);
}
