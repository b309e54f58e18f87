/** A message that shows for a while and then goes (SPEC §9: success 3 s, admin delete error 5 s). */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  text: string;
  tone: 'success' | 'error' | 'info';
}

export function useTimedMessage(): [
  TimedMessage | null,
  (text: string, tone: TimedMessage['tone'], ms: number) => void,
  () => void,
] {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  const show = useCallback((text: string, tone: TimedMessage['tone'], ms: number) => {
    clearTimeout(timer.current);
    setMessage({ text, tone });
    timer.current = setTimeout(() => setMessage(null), ms);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show, clear];
}

/** The inline banner for a TimedMessage: errors are alerts, the rest polite status messages. */
export function messageRole(message: TimedMessage): 'alert' | 'status' {
  return message.tone === 'error' ? 'alert' : 'status';
}
