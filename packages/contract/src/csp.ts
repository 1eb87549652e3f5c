// zod 4 keeps its settings in one object on globalThis, `__zod_globalConfig` (zod/v4/core/core.js), which `z.config()`
// returns and every schema reads. Writing that object here, rather than importing zod's `config`, keeps zod's core
// (about 3.5 kB gzip) out of the browser's entry chunk (ADR 0056 §5). csp.test.ts checks that `z.config()` sees the
// setting, so a zod upgrade that moves it fails there.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };

// zod 4 decides when each object schema is built whether it may compile a fast path, probing `Function('')`.
// In the browser, under the app's Content-Security-Policy (script-src 'self', no 'unsafe-eval'), that probe is a
// CSP violation, so there zod parses without generated code. This module is evaluated first (index.ts) so the
// setting is in place before any schema of the contract is built. The server keeps the compiled fast path.
if ('document' in globalThis) (zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};
