/**
 * The admin shell's check of the stored session (SPEC §4, DESIGN §5 "Session"): the stored token and user are shown
 * at once, and the token is verified with the server when online, again whenever the connection returns.
 */
import { onlineManager } from '@tanstack/react-query';
import { useEffect } from 'react';
import { logout, verifySession } from '@/data/repositories/admin/auth';
import { isAuthError, isUnreachable } from '../shared/error-checks';

/** Verifies the stored token when online (now, and whenever TanStack's onlineManager says the connection returned). */
export function useTokenVerification(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const verify = () => {
      if (!onlineManager.isOnline()) return;
      verifySession().catch((error: unknown) => {
        if (!active) return;
        // No answer, or the server is down: the stored session stands until the server can say otherwise.
        if (isUnreachable(error)) return;
        // A 401 already cleared the session; any other refusal (or no token) logs out too (SPEC §4).
        if (!isAuthError(error)) logout();
      });
    };
    verify();
    const stop = onlineManager.subscribe((online) => online && verify());
    return () => {
      active = false;
      stop();
    };
  }, [enabled]);
}
