import {
  ErrorCode,
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
import type { CallContext, CallHandler, RegisterCall } from '../../platform/http/register-call';
import type { SessionUser } from '../../platform/http/session';
import type { CallDef } from '@hmi/contract';
import type { CentrePort } from './centre-port';
import type { CentralDirectory } from './directory';
import type { ProfileService } from './profile';
import type { RegionAccounts } from './region-side';
import type { AccountService } from './service';

function me<C extends CallDef>(ctx: CallContext<C>): SessionUser {
  return ctx.user ?? fail(ErrorCode.AUTH_HEADER_LOST);
}

/** The account calls of contract calls/account.ts; thin: parse, call the service, return. */
export function accountRoutes(
  registerCall: RegisterCall,
  {
    accounts: svc,
    profile,
    directory,
    regionAccounts,
  }: {
    accounts: AccountService;
    profile: ProfileService;
    directory: CentralDirectory;
    regionAccounts: RegionAccounts;
  },
  config: Config,
  centre?: CentrePort,
): void {
  // ROLE=region: the calls of the central host (spec section 7) are the centre's; a region's web app
  // reaching them on its own origin is sent on to the centre.
  const central = <C extends CallDef>(def: C, local: CallHandler<C>) =>
    registerCall(
      def,
      centre ? ({ query, body, req }) => centre.forward(def, { query, body, address: req.ip }) : local,
    );
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
  central(phoneVerify, async ({ query, body }) => svc.phoneVerify(query.scene, body.phone, body.locale));
  central(register, async ({ query, body }) => svc.register(query.type, body));
  central(activate, async ({ query }) => svc.activate(query.code));
  central(resendMail, async ({ query, body }) => svc.resend(query.type, body.username, body.locale));
  central(forgetVerify, async ({ body }) => profile.forgetVerify(body.username, body.locale));
  registerCall(modifyPwd, async ({ query, body, req }) => {
    if (!centre) return profile.modifyPwd(body.username, body.code, body.passwd);
    await centre.forward(modifyPwd, { query, body, address: req.ip });
    // The password changed at the centre: this region's sessions of the account end as well, and its
    // failed logins here are forgotten.
    await regionAccounts.passwordResetAtCentre(body.username);
    return null;
  });
  registerCall(getUserInfo, async (ctx) => profile.userInfo(me(ctx)));
  registerCall(editUserInfo, async (ctx) => profile.editUserInfo(me(ctx), ctx.body));
  registerCall(changePwd, async (ctx) => profile.changePwd(me(ctx), ctx.body.old_passwd, ctx.body.passwd));
  // The centre holds no sessions and cannot check a region's token: there the password proves the
  // caller, and the account's region is told (its sessions end).
  if (config.role === 'central')
    registerCall({ ...removal, auth: 'public' }, async ({ body, req }) => directory.removeHere(body, req.ip));
  else registerCall(removal, async (ctx) => profile.removal(me(ctx), ctx.body));
  registerCall(refreshToken, async ({ req }) => {
    const tokens = await svc.refresh(req.headers.authorization);
    return { ...tokens, host: answeredOrigin(config, req, tokens.host) };
  });
  registerCall(logout, async (ctx) => svc.logout(me(ctx)));
}
