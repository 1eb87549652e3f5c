import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { OK_MSG, type Envelope } from '@ip/contract';
import { AppError } from './errors';

/** The success envelope. */
export function ok<T>(data: T, msg = OK_MSG): Envelope<T> {
  return { code: 1, msg, data };
}

/** Turns zod issues into the {path,msg} list forms use to mark fields. */
export function zodFields(err: ZodError): { path: string; msg: string }[] {
  return err.issues.map((i) => ({ path: i.path.join('.'), msg: chineseIssue(i) }));
}

function chineseIssue(i: ZodError['issues'][number]): string {
  // Messages we wrote are Chinese already; zod's English defaults become a generic Chinese one.
  if (/[\u4e00-\u9fff]/.test(i.message)) return i.message;
  const field = i.path.join('.') || '请求';
  if (i.code === 'invalid_type') return i.input === undefined ? `缺少字段 ${field}` : `字段 ${field} 类型不正确`;
  if (i.code === 'too_big') return `字段 ${field} 过长或过大`;
  if (i.code === 'too_small') return `字段 ${field} 过短或过小`;
  return `字段 ${field} 格式不正确`;
}

/** One handler turns every error into {code:0,msg} with a fitting status; 5xx never leak details. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body: Envelope = { code: 0, msg: error.message };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.status).send(body);
    }
    if (error instanceof ZodError) {
      const fields = zodFields(error);
      return reply.status(400).send({ code: 0, msg: fields[0]?.msg ?? '请求参数不正确', fields });
    }
    const fe = error as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return reply.status(413).send({ code: 0, msg: '请求内容过大' });
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.statusCode === 415) {
      return reply.status(415).send({ code: 0, msg: '不支持的请求格式，请以 JSON 提交' });
    }
    if (
      fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return reply.status(400).send({ code: 0, msg: '请求格式不正确，请提交合法的 JSON' });
    }
    // A broken multipart body (no boundary, cut short, bad part headers): busboy throws plain Errors without a
    // code or status, from whichever upload handler was reading it.
    if (!fe.statusCode && request.isMultipart() && /busboy/i.test(error.stack ?? '')) {
      return reply.status(400).send({ code: 0, msg: '上传内容不完整或格式不正确，请重新选择文件上传' });
    }
    if (fe.statusCode === 429) return reply.status(429).send({ code: 0, msg: '请求过于频繁，请稍后再试' });
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send({ code: 0, msg: '请求不正确' });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ code: 0, msg: `服务器开小差了，请稍后再试（请求编号 ${request.id}）` });
  });
}
