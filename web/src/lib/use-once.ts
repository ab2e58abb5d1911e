import { useEffect, useState } from 'react';

export type Outcome<T> = { status: 'pending' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

const runs = new Map<string, Promise<Outcome<unknown>>>();

/** Runs `run` at most once per key for the life of the page; later callers share its outcome. */
export function runOnce<T>(key: string, run: () => Promise<T>): Promise<Outcome<T>> {
  let promise = runs.get(key) as Promise<Outcome<T>> | undefined;
  if (!promise) {
    promise = run().then(
      (data): Outcome<T> => ({ status: 'success', data }),
      (error: unknown): Outcome<T> => ({ status: 'error', error }),
    );
    runs.set(key, promise as Promise<Outcome<unknown>>);
  }
  return promise;
}

/**
 * A call made on load that must happen once: single-use links (verify, unsubscribe, OAuth return).
 * React StrictMode runs effects twice and a remount runs them again; the key keeps it one request.
 * `key: null` waits.
 */
export function useOnce<T>(key: string | null, run: () => Promise<T>): Outcome<T> {
  const [settled, setSettled] = useState<{ key: string; outcome: Outcome<T> } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let active = true;
    void runOnce(key, run).then((outcome) => {
      if (active) setSettled({ key, outcome });
    });
    return () => {
      active = false;
    };
    // `run` is a fresh closure each render; the key alone says which call this is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return settled && settled.key === key ? settled.outcome : { status: 'pending' };
}
