import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MUST_CHANGE_PASSWORD_MSG, type AccountKind } from '@ip/contract';
import type { Deps } from '../deps';
import { clearTokenCookie, loadSession, tokenSource, type Session } from './auth';
import { badRequest, forbidden, unauthorized, unsupportedMediaType } from './errors';
import { FIELD_DENIED, fieldAllowed } from './field-scope';
import { ok } from './envelope';

/**
 * Who may call a route: 'public' (anyone, token optional), 'visitor' (a visitor token or any account),
 * 'user' (any account), or a list of account kinds.
 */
export type Access = 'public' | 'visitor' | 'user' | AccountKind[];

export const ALL_KINDS: AccountKind[] = ['admin', 'company', 'trial', 'main', 'staff'];

export interface RouteContext<B, Q> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: B;
  query: Q;
  session: Session | null;
  deps: Deps;
}

export interface RouteDef<B = unknown, Q = unknown> {
  method: 'GET' | 'POST';
  url: string;
  access: Access;
  /** One line in Chinese: what the call does (listed in docs and the registry test). */
  summary: string;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  /** Body size limit in bytes, when the default (1 MiB) does not fit. */
  bodyLimit?: number;
  /** The Chinese message of a refusal (403) when the generic one would leave the caller guessing. */
  denied?: string;
  /**
   * What a successful call answers when it is not the JSON envelope: 'redirect' (a 302 to elsewhere) or 'file'
   * (a download). Errors are always the envelope. The API fuzz test reads it.
   */
  answers?: 'redirect' | 'file';
  /**
   * A POST that changes nothing (a list, a search, a detail). Every other POST made in admin view is written to the
   * audit log with the administrator's id (DOMAIN §1).
   */
  readOnly?: boolean;
  /**
   * Open to a user who must change the password an administrator or the company's main account set
   * (`must_change_password` 1): changing it, reading the session, logging out. Every other call of such a user is
   * refused (public calls are answered as to an anonymous caller), see ADR 0031.
   */
  beforePasswordChange?: boolean;
  /** Returns the data of the success envelope, or sends the reply itself and returns the reply. */
  handler(ctx: RouteContext<B, Q>): Promise<unknown>;
}

/** Declares a route with inferred body and query types. */
export function route<B = undefined, Q = undefined>(def: RouteDef<B, Q>): RouteDef<B, Q> {
  return def;
}

/** Every registered route, for the authorization test that walks the registry × every account kind. */
export type RouteRegistry = RouteDef<any, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Whether a session may call a route with this access rule (the server decides; the web only mirrors). */
export function allowed(access: Access, session: Session | null): { ok: true } | { ok: false; status: 401 | 403 } {
  if (access === 'public') return { ok: true };
  if (!session) return { ok: false, status: 401 };
  if (access === 'visitor') return { ok: true };
  if (session.subject !== 'user') return { ok: false, status: 403 };
  if (access === 'user') return { ok: true };
  return access.includes(session.kind) ? { ok: true } : { ok: false, status: 403 };
}

/** Calls that only read and need no audit row even in admin view. */
const READ_ONLY = new Set(['/user/info', '/verification/status']);

/**
 * The body of a call that takes a JSON object: {} when none was sent. Other JSON values ([], "x", 1, null, true)
 * and bodies of other formats (text, forms) are refused here with a message that says what is wrong, instead of
 * reaching the schema as a value of the wrong type.
 */
function jsonObjectBody(req: FastifyRequest): unknown {
  const json = /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(req.headers['content-type'] ?? '');
  if (req.body !== undefined && !json) throw unsupportedMediaType();
  if (req.isMultipart()) throw unsupportedMediaType();
  if (req.body === undefined) return {};
  if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
    throw badRequest('请求内容须为 JSON 对象（{...}）');
  }
  return req.body;
}

/** Whether any string or key in a parsed value holds U+0000 (iterative: bodies may be deeply nested). */
function containsNul(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

/** Registers route definitions on the app: auth, validation, envelope. */
export function registerRoutes(app: FastifyInstance, deps: Deps, defs: RouteRegistry, registry: RouteRegistry): void {
  for (const def of defs) {
    registry.push(def);
    app.route({
      method: def.method,
      url: def.url,
      bodyLimit: def.bodyLimit,
      handler: async (req, reply) => {
        const source = tokenSource(req);
        let session: Session | null = null;
        if (source) {
          try {
            session = await loadSession(deps, source.token);
          } catch (err) {
            // A stale session cookie is dropped so the browser stops sending it (ADR 0013).
            if (source.from === 'cookie' && (err as { status?: number }).status === 401) clearTokenCookie(req, reply);
            // A stale token on a public call is ignored; elsewhere it is the answer.
            if (def.access !== 'public') throw err;
          }
        }
        // ADR 0044: a field token (mobile visit pages) makes only the calls of its allow-list, public ones included.
        if (session?.subject === 'user' && session.field && !fieldAllowed(def.method, def.url)) throw forbidden(FIELD_DENIED);
        // ADR 0031: a password someone else set is changed before anything else (admin view excepted: the
        // administrator may not change the user's password there). Public calls answer as to the anonymous.
        // A field token was opened with an SMS code, not with that password, and is not held back by it (ADR 0044).
        if (
          session?.subject === 'user' &&
          session.user.must_change_password === 1 &&
          !session.isAdminView &&
          !session.field &&
          !def.beforePasswordChange
        ) {
          if (def.access !== 'public') throw forbidden(MUST_CHANGE_PASSWORD_MSG);
          session = null;
        }
        const decision = allowed(def.access, session);
        if (!decision.ok) throw decision.status === 401 ? unauthorized() : forbidden(def.denied);
        // reportInput: a wrong type then reads 类型不正确 instead of 缺少字段 (envelope.ts tells them apart by the input).
        const rawBody = def.body ? jsonObjectBody(req) : undefined;
        // PostgreSQL text cannot hold U+0000 (the query would fail with a 500); no field of ours needs it.
        if (containsNul(rawBody) || containsNul(req.query)) throw badRequest('请求内容不能包含空字符（\\u0000）');
        const body = def.body ? def.body.parse(rawBody, { reportInput: true }) : undefined;
        const query = def.query ? def.query.parse(req.query ?? {}, { reportInput: true }) : undefined;
        const data = await def.handler({ req, reply, body: body as never, query: query as never, session, deps });
        // DOMAIN §1: every action an administrator takes in a user's side is recorded with the administrator's id.
        if (
          session?.subject === 'user' &&
          session.isAdminView &&
          def.method === 'POST' &&
          !def.readOnly &&
          !READ_ONLY.has(def.url)
        ) {
          await deps.db.db
            .insertInto('audit_log')
            .values({
              admin_id: session.adminId ?? 0,
              user_id: session.user.id,
              action: `${def.method} ${def.url}`,
              detail: def.summary,
              created_at: deps.clock().toISOString(),
            })
            .execute();
        }
        // A handler that sent the reply itself (reply.send, reply.redirect) returns the reply; a reply is a thenable,
        // so awaiting it yields undefined rather than the reply: reply.sent tells. Sending an envelope on top would
        // be a second send (Fastify's "Reply was already sent" warning).
        if (data === reply || reply.sent || reply.raw.headersSent) return reply;
        return ok(data ?? null);
      },
    });
  }
}
