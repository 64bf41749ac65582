import type { CallBody, CallDef, CallParams, CallQuery, CallResponse } from '@hmi/contract';
import { ErrorCode, errorCatalogue, mayCall } from '@hmi/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Coded, fail, failInput } from '../errors';
import type { Authenticate, SessionUser } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every call registered with registerCall, in order (for the permission matrix and OpenAPI). */
    callTable: CallDef[];
    /** Registers a contract call (modules use it; tests add probe calls with it). */
    registerCall: RegisterCall;
  }
}

export interface CallContext<C extends CallDef> {
  query: CallQuery<C>;
  body: CallBody<C>;
  params: CallParams<C>;
  /** The caller for `session` calls; null otherwise. */
  user: SessionUser | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type CallHandler<C extends CallDef> = (
  ctx: CallContext<C>,
) => Promise<CallResponse<C> | Coded<CallResponse<C>>>;

export interface RegistrarOptions {
  authenticate: Authenticate;
  /** Parse every result with the call's response schema (NODE_ENV=test) so drift fails tests. */
  checkResponses: boolean;
}

export type RegisterCall = <C extends CallDef>(def: C, handler: CallHandler<C>) => void;

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) return value;
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue && issue.path.length ? issue.path.map(String).join('.') : part;
  failInput(field, issue?.message ?? 'invalid');
}

/** A value met while walking a body: its key and the entry it was found in (for its path). */
interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit, key: string | null = null): string {
  const keys = key === null ? [] : [key];
  for (let v: Visit | null = visit; v; v = v.parent) if (v.key !== null) keys.push(v.key);
  return keys.reverse().join('.');
}

/**
 * The path (as parsePart names fields) of the first string or key holding U+0000, or null.
 * PostgreSQL cannot store the character, and no field of the API means it. Iterative, so a deeply
 * nested body cannot overflow the stack, and linear: each value links to its parent and a path is
 * built only for the one found (copying a path per value was quadratic in the depth).
 */
export function nulField(value: unknown): string | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const v = item.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return pathOf(item);
    } else if (typeof v === 'object' && v !== null) {
      // Reversed onto the stack, so fields come off it in document order.
      for (const [key, child] of Object.entries(v).reverse()) {
        if (key.includes('\u0000')) return pathOf(item, key);
        stack.push({ value: child, key, parent: item });
      }
    }
  }
  return null;
}

function refuseNul(value: unknown, part: string): void {
  const field = nulField(value);
  if (field !== null) failInput(field || part, 'type');
}

/** Fastify's `:param` syntax is the contract's; only the `/v1` prefix is added. */
export function createRegistrar(app: FastifyInstance, options: RegistrarOptions): RegisterCall {
  if (!app.hasDecorator('callTable')) app.decorate('callTable', []);
  const register: RegisterCall = (def, handler) => {
    app.callTable.push(def);
    app.route({
      method: def.method,
      url: `/v1${def.path}`,
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      handler: async (req, reply) => {
        let user: SessionUser | null = null;
        if (def.auth === 'session') {
          user = await options.authenticate(req);
          if (!mayCall({ is_main: user.isMain, permissions: user.permissions }, def.permission))
            fail(ErrorCode.AUTHORIZATION);
        }
        refuseNul(req.params, 'params');
        refuseNul(req.query, 'query');
        refuseNul(req.body, 'body');
        const params = parsePart(def.params, req.params ?? {}, 'params');
        const query = parsePart(def.query, req.query ?? {}, 'query');
        const body = parsePart(def.body, req.body ?? {}, 'body');
        const result = await handler({
          query: query as CallQuery<typeof def>,
          body: body as CallBody<typeof def>,
          params: params as CallParams<typeof def>,
          user,
          req,
          reply,
        });
        const code = result instanceof Coded ? result.code : 0;
        let data: unknown = result instanceof Coded ? result.data : result;
        if (options.checkResponses) {
          const checked = def.response.safeParse(data);
          if (!checked.success)
            throw new Error(`response of ${def.id} does not match the contract: ${checked.error.message}`);
          data = checked.data;
        }
        reply.code(errorCatalogue[code].status);
        return { code, data: data ?? null, msg: errorCatalogue[code].message };
      },
    });
  };
  if (!app.hasDecorator('registerCall')) app.decorate('registerCall', register);
  return register;
}
