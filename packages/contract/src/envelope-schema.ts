import { z } from 'zod';

// The runtime schema of the response envelope (envelope.ts has its type and the client's reading of it); apart so
// the browser's entry chunk does not carry zod (ADR 0056).

export const EnvelopeSchema = z.object({
  code: z.number(),
  msg: z.string(),
  data: z.unknown().optional(),
  fields: z.array(z.object({ path: z.string(), msg: z.string() })).optional(),
});
