import {
  cancelInvitation,
  changeMemberRole,
  checkInvitation,
  confirmInvitation,
  createInvitation,
  listInvitations,
  listMembers,
  listReceivedInvitations,
  removeMember,
  transferMain,
} from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import type { InvitationService } from './invitations';
import type { TeamService } from './service';

export function teamRoutes(registerCall: RegisterCall, svc: TeamService, inv: InvitationService): void {
  registerCall(listMembers, async (ctx) => svc.listMembers(sessionUser(ctx), ctx.query));
  registerCall(changeMemberRole, async (ctx) =>
    svc.changeRole(sessionUser(ctx), ctx.params.id, ctx.body.role_id),
  );
  registerCall(removeMember, async (ctx) => svc.removeMember(sessionUser(ctx), ctx.params.id));
  registerCall(createInvitation, async (ctx) => inv.invite(sessionUser(ctx), ctx.body));
  registerCall(listInvitations, async (ctx) => inv.listSent(sessionUser(ctx), ctx.query));
  registerCall(cancelInvitation, async (ctx) => inv.cancel(sessionUser(ctx), ctx.params.id));
  registerCall(transferMain, async (ctx) => inv.transfer(sessionUser(ctx), ctx.body.member_id));
  registerCall(listReceivedInvitations, async (ctx) => inv.listReceived(sessionUser(ctx), ctx.query));
  registerCall(checkInvitation, async (ctx) => inv.check(sessionUser(ctx), ctx.body.id));
  registerCall(confirmInvitation, async (ctx) => inv.confirm(sessionUser(ctx), ctx.body.id, ctx.body.accept));
}
