import { useSyncExternalStore } from 'react';

// The global loading overlay counts requests in flight: it shows while any foreground call is pending.
let inFlight = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export const loadingCounter = {
  start(): void {
    inFlight += 1;
    emit();
  },
  stop(): void {
    inFlight = Math.max(0, inFlight - 1);
    emit();
  },
  get(): number {
    return inFlight;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Number of foreground requests in flight. */
export function useInFlightCount(): number {
  return useSyncExternalStore(loadingCounter.subscribe, loadingCounter.get, loadingCounter.get);
}
