// Test helpers for verification applications (ADR 0019): a trial user uploads a licence and applies.
import type { FastifyInstance } from 'fastify';
import { call } from './helpers';

/** Uploads a small PDF as the caller, as a private licence file; returns its URL (/v1/common/file/:id). */
export async function uploadLicence(app: FastifyInstance, token: string): Promise<string> {
  const boundary = '----lic';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nfile\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nlicence\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="执照.pdf"\r\nContent-Type: application/pdf\r\n\r\n` +
      `%PDF-1.4 licence\r\n--${boundary}--\r\n`,
  );
  const res = await call(app, 'POST', '/v1/common/file', {
    token,
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (res.body?.code !== 1) throw new Error(`licence upload failed: ${JSON.stringify(res.body)}`);
  return res.body.data.url as string;
}

/** A trial user's application (licence uploaded first); returns the application's id. */
export async function applyAs(
  app: FastifyInstance,
  token: string,
  fields: { company_name: string; credit_code: string; contact?: string },
): Promise<number> {
  const license = await uploadLicence(app, token);
  const res = await call(app, 'POST', '/v1/verification', { token, body: { contact: '联系人', ...fields, license } });
  if (res.body?.code !== 1) throw new Error(`application failed: ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}
