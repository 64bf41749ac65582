import type { CallBody, CallDef, CallQuery, CallResponse, idParams } from '@hmi/contract';
import type { z } from 'zod';
import type { CallContext, RegisterCall } from './register-call';
import { sessionUser, type SessionUser } from './session';

/** A call on one object addressed by `:id`. */
type ByIdCall = CallDef<z.ZodType, z.ZodType, typeof idParams>;

/** The five calls of a resource a team owns, in this order: list, create, and get, update, delete by id. */
export type ResourceCalls<
  L extends CallDef,
  C extends CallDef,
  G extends ByIdCall,
  U extends ByIdCall,
  D extends ByIdCall,
> = readonly [list: L, create: C, get: G, update: U, remove: D];

/** The service behind ResourceCalls: each method answers its call for the signed-in caller. */
export interface ResourceService<
  L extends CallDef,
  C extends CallDef,
  G extends ByIdCall,
  U extends ByIdCall,
  D extends ByIdCall,
> {
  list(user: SessionUser, query: CallQuery<L>): Promise<CallResponse<L>>;
  create(user: SessionUser, body: CallBody<C>): Promise<CallResponse<C>>;
  get(user: SessionUser, id: number): Promise<CallResponse<G>>;
  update(user: SessionUser, id: number, body: CallBody<U>): Promise<CallResponse<U>>;
  remove(user: SessionUser, id: number): Promise<CallResponse<D>>;
}

/** The `:id` of a by-id call; its params are idParams, which CallParams of a type parameter hides. */
function idOf<C extends ByIdCall>(ctx: CallContext<C>): number {
  return (ctx.params as z.infer<typeof idParams>).id;
}

/** Registers a resource's list, create, get, update and delete calls on the service's methods. */
export function resourceRoutes<
  L extends CallDef,
  C extends CallDef,
  G extends ByIdCall,
  U extends ByIdCall,
  D extends ByIdCall,
>(
  registerCall: RegisterCall,
  svc: ResourceService<L, C, G, U, D>,
  [list, create, get, update, remove]: ResourceCalls<L, C, G, U, D>,
): void {
  registerCall(list, async (ctx) => svc.list(sessionUser(ctx), ctx.query));
  registerCall(create, async (ctx) => svc.create(sessionUser(ctx), ctx.body));
  registerCall(get, async (ctx) => svc.get(sessionUser(ctx), idOf(ctx)));
  registerCall(update, async (ctx) => svc.update(sessionUser(ctx), idOf(ctx), ctx.body));
  registerCall(remove, async (ctx) => svc.remove(sessionUser(ctx), idOf(ctx)));
}
