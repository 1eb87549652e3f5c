import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

// csp.ts writes zod's settings object on globalThis instead of importing zod's `config` (ADR 0056 §5): zod must see
// the setting through its own API, or a zod upgrade has moved it.
describe('csp.ts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete z.config().jitless;
  });

  it('switches zod to jitless parsing where there is a document (the browser)', async () => {
    vi.stubGlobal('document', {});
    vi.resetModules();
    await import('./csp');
    expect(z.config().jitless).toBe(true);
  });

  it('leaves the compiled fast path on the server', async () => {
    vi.resetModules();
    await import('./csp');
    expect(z.config().jitless).toBeUndefined();
  });
});
