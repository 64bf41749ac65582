import { errorCatalogue, type CallDef } from '@hmi/contract';
import { z } from 'zod';

type Json = Record<string, unknown>;

/** Server-side notes added to a call's description in the document. */
const descriptions: Record<string, string> = {
  refreshToken:
    'The authorization header carries the refresh token. The token is always rotated: the presented one is ' +
    'marked used and a new one of the same family is returned with a new access token. `force` true asks for ' +
    'rotation even when `token` (the current access token) is still valid; with `force` false the server ' +
    'behaves the same (it always rotates). Presenting an already rotated token revokes the whole family (1009).',
  register: 'Type 1 (mail) answers envelope code 1014 with HTTP 200 and `data.activated` false.',
  login:
    'Attempts are counted before the password is checked. Per account and address: 5 failures, then waits ' +
    'doubling from 1 s (at most 1 h); per account from all addresses: 20 failures a minute; per address: 20 ' +
    'failures in 15 minutes. Beyond: HTTP 429, code 1201, Retry-After.',
};

function schema(s: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Json;
  delete out.$schema;
  return out;
}

function queryParameters(s: z.ZodType | undefined, where: 'query' | 'path'): Json[] {
  if (!s) return [];
  const js = schema(s, 'input');
  const props = (js.properties ?? {}) as Record<string, Json>;
  const required = new Set((js.required ?? []) as string[]);
  return Object.entries(props).map(([name, p]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: p,
  }));
}

/**
 * The OpenAPI 3 document of every call; `x-permission` holds what the route requires: a permission
 * id, `hasPermission`, or `{ anyOf: [ids] }`.
 */
export function buildOpenApi(calls: readonly CallDef[], serverUrl: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const def of calls) {
    const path = `/v1${def.path}`.replace(/:(\w+)/g, '{$1}');
    const op: Json = {
      operationId: def.id,
      summary: def.summary,
      ...(descriptions[def.id] ? { description: descriptions[def.id] } : {}),
      'x-permission': def.permission,
      'x-auth': def.auth,
      ...(def.central ? { 'x-central': true } : {}),
      parameters: [...queryParameters(def.params, 'path'), ...queryParameters(def.query, 'query')],
      ...(def.auth === 'public' ? { security: [] } : { security: [{ authorization: [] }] }),
      ...(def.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: schema(def.body, 'input') } },
            },
          }
        : {}),
      responses: {
        '200': {
          description: 'Envelope; `code` 0 on success, otherwise a catalogue code',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['code', 'data', 'msg'],
                properties: {
                  code: { type: 'integer' },
                  msg: { type: 'string' },
                  data: schema(def.response, 'output'),
                },
              },
            },
          },
        },
        default: { $ref: '#/components/responses/Error' },
      },
    };
    (paths[path] ??= {})[def.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'HMI cloud console API', version: '1' },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: { authorization: { type: 'apiKey', in: 'header', name: 'authorization' } },
      responses: {
        Error: {
          description: 'Error envelope',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  code: { type: 'integer', enum: Object.keys(errorCatalogue).map(Number) },
                  data: {},
                  msg: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
  };
}
