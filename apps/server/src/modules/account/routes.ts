import {
  activate,
  changePwd,
  dataCenters,
  editUserInfo,
  forgetVerify,
  getLogin,
  getUserInfo,
  login,
  logout,
  modifyPwd,
  phoneCountryCodes,
  phoneVerify,
  refreshToken,
  register,
  removal,
  resendMail,
} from '@hmi/contract';
import type { Config } from '../../platform/config';
import { fail } from '../../platform/errors';
import { answeredOrigin } from '../../platform/http/origin';
import type { CallContext, RegisterCall } from '../../platform/http/register-call';
import type { SessionUser } from '../../platform/http/session';
import type { CallDef } from '@hmi/contract';
import type { ProfileService } from './profile';
import type { AccountService } from './service';

function me<C extends CallDef>(ctx: CallContext<C>): SessionUser {
  return ctx.user ?? fail(1008);
}

/** The account calls of contract calls/account.ts; thin: parse, call the service, return. */
export function accountRoutes(
  registerCall: RegisterCall,
  { accounts: svc, profile }: { accounts: AccountService; profile: ProfileService },
  config: Config,
): void {
  registerCall(getLogin, async ({ req }) => ({
    data_center: config.dataCenter,
    data_centers: dataCenters.map((id) => ({
      id,
      host: answeredOrigin(config, req, config.dataCenterUrls[id]),
    })),
    phone_country_codes: [...phoneCountryCodes],
  }));
  registerCall(login, async ({ body, req }) => {
    const tokens = await svc.login(body.user, body.passwd, req.ip);
    return { ...tokens, host: answeredOrigin(config, req, tokens.host) };
  });
  registerCall(phoneVerify, async ({ query, body }) => svc.phoneVerify(query.scene, body.phone));
  registerCall(register, async ({ query, body }) => svc.register(query.type, body));
  registerCall(activate, async ({ query }) => svc.activate(query.code));
  registerCall(resendMail, async ({ query, body }) => svc.resend(query.type, body.username, body.locale));
  registerCall(forgetVerify, async ({ body }) => profile.forgetVerify(body.username, body.locale));
  registerCall(modifyPwd, async ({ body }) => profile.modifyPwd(body.username, body.code, body.passwd));
  registerCall(getUserInfo, async (ctx) => profile.userInfo(me(ctx)));
  registerCall(editUserInfo, async (ctx) => profile.editUserInfo(me(ctx), ctx.body));
  registerCall(changePwd, async (ctx) => profile.changePwd(me(ctx), ctx.body.old_passwd, ctx.body.passwd));
  registerCall(removal, async (ctx) => profile.removal(me(ctx), ctx.body));
  registerCall(refreshToken, async ({ req }) => {
    const tokens = await svc.refresh(req.headers.authorization);
    return { ...tokens, host: answeredOrigin(config, req, tokens.host) };
  });
  registerCall(logout, async (ctx) => svc.logout(me(ctx)));
}
