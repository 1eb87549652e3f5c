// zod's core `config` (the same settings object the classic `z` API uses): importing it alone keeps the rest of zod
// out of the browser's entry chunk (ADR 0056).
import { config } from 'zod/v4/core';

// zod 4 decides when each object schema is built whether it may compile a fast path, probing `Function('')`.
// In the browser, under the app's Content-Security-Policy (script-src 'self', no 'unsafe-eval'), that probe is a
// CSP violation, so there zod parses without generated code. This module is evaluated first (index.ts) so the
// setting is in place before any schema of the contract is built. The server keeps the compiled fast path.
if ('document' in globalThis) config({ jitless: true });
