import { useRef } from 'react';

/**
 * One Idempotency-Key per user action: the same submission retried (after a timeout or an error)
 * reuses its key, so the server answers the first result again and never charges twice; a changed
 * submission, or one after a success, gets a new key (a reused key with another body is refused).
 */
export function useActionKey() {
  const last = useRef<{ key: string; request: string } | null>(null);
  return {
    /** The key for this request: the last one again if the request is the same and not yet done. */
    keyFor(request: unknown): string {
      const text = JSON.stringify(request);
      if (last.current?.request !== text) last.current = { key: crypto.randomUUID(), request: text };
      return last.current.key;
    },
    /** The action went through: the next one, even with the same values, is a new action. */
    done() {
      last.current = null;
    },
  };
}
