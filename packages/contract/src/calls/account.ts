import { z } from 'zod';
import { defineCall } from '../call';
import { HAS_PERMISSION } from '../permissions';
import { AccountType, dataCenters } from '../tables';
import { checkPassword, checkPhone } from '../validators';
import { checked, empty } from '../zod-helpers';

const pub = { auth: 'public', permission: HAS_PERMISSION } as const;
const session = { auth: 'session', permission: HAS_PERMISSION } as const;

export const dataCenterSchema = z.enum(dataCenters);
const accountType = z.coerce
  .number()
  .pipe(z.union([z.literal(AccountType.PHONE), z.literal(AccountType.EMAIL)]));
/** A phone number or a mail address; which one is decided by the call's `type`. */
const username = z.string().trim().min(1).max(254);
const password = checked(checkPassword);
const verificationCode = z.string().regex(/^\d{6}$/, 'verificationCode');

export const sessionTokens = z.object({
  token: z.string(),
  refresh_token: z.string(),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
  /** Origin of the user's data centre; the client prefixes it to `/v1`. */
  host: z.string(),
});

export const publicConfig = z.object({
  data_center: dataCenterSchema,
  data_centers: z.array(z.object({ id: dataCenterSchema, host: z.string() })),
  phone_country_codes: z.array(z.string()),
});

export const getLogin = defineCall({
  ...pub,
  id: 'getLogin',
  method: 'GET',
  path: '/global/login',
  summary: 'Public configuration of the login page: data centres and phone country codes',
  response: publicConfig,
});

export const login = defineCall({
  ...pub,
  id: 'login',
  method: 'POST',
  path: '/global/login',
  summary: 'Log in with account (phone or mail) and password',
  query: z.object({ type: z.literal('1') }),
  body: z.object({ user: username, passwd: z.string().min(1).max(64) }),
  response: sessionTokens,
});

export const phoneVerify = defineCall({
  ...pub,
  central: true,
  id: 'phoneVerify',
  method: 'POST',
  path: '/global/phoneverify',
  summary: 'Send an SMS verification code for sign-up or password recovery',
  query: z.object({ scene: z.enum(['register', 'forget']).default('register') }),
  body: z.object({
    phone: checked(checkPhone),
    country_code: z.literal('+86').default('+86'),
    /** The SMS's language: the console's at the time (a zh-TW user got Simplified Chinese). */
    locale: z.enum(['zh-CN', 'zh-TW', 'en-US']).default('zh-CN'),
  }),
  response: z.object({ resend_after: z.number().int() }),
});

export const register = defineCall({
  ...pub,
  central: true,
  id: 'register',
  method: 'POST',
  path: '/global/register',
  summary: 'Sign up by phone (type 0, with SMS code) or by mail (type 1, answered with 1014)',
  query: z.object({ type: accountType }),
  body: z
    .object({
      username,
      passwd: password,
      confirm: z.string(),
      name: z.string().trim().min(1).max(50),
      data_center: dataCenterSchema,
      code: verificationCode.optional(),
      agree: z.literal(true),
      locale: z.enum(['zh-CN', 'zh-TW', 'en-US']).default('zh-CN'),
    })
    .superRefine((b, ctx) => {
      if (b.passwd !== b.confirm)
        ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'passwordConfirm' });
    }),
  response: z.object({ activated: z.boolean() }),
});

export const activate = defineCall({
  ...pub,
  central: true,
  id: 'activate',
  method: 'GET',
  path: '/global/activate',
  summary: 'Activate a mail account from the link of its activation mail',
  query: z.object({ code: z.string().min(16).max(128) }),
  response: z.object({ username: z.string() }),
});

export const resendMail = defineCall({
  ...pub,
  central: true,
  id: 'resendMail',
  method: 'POST',
  path: '/global/resendmail',
  summary: 'Send the activation mail (type 1) or the SMS code (type 0) again',
  query: z.object({ type: accountType }),
  body: z.object({ username, locale: z.enum(['zh-CN', 'zh-TW', 'en-US']).default('zh-CN') }),
  response: empty,
});

export const forgetVerify = defineCall({
  ...pub,
  central: true,
  id: 'forgetVerify',
  method: 'POST',
  path: '/global/forgetverify',
  summary: 'Send a password-recovery code to the account (mail or SMS)',
  body: z.object({ username, locale: z.enum(['zh-CN', 'zh-TW', 'en-US']).default('zh-CN') }),
  response: z.object({ channel: z.enum(['mail', 'sms']), resend_after: z.number().int() }),
});

export const modifyPwd = defineCall({
  ...pub,
  central: true,
  id: 'modifyPwd',
  method: 'POST',
  path: '/global/modifyPwd',
  summary: 'Set a new password with a recovery code',
  body: z
    .object({ username, code: verificationCode, passwd: password, confirm: z.string() })
    .superRefine((b, ctx) => {
      if (b.passwd !== b.confirm)
        ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'passwordConfirm' });
    }),
  response: empty,
});

export const userInfo = z.object({
  dbuser_id: z.number().int(),
  data_center: dataCenterSchema,
  name: z.string(),
  created_at: z.number().int(),
  contact: z.string(),
  alias_name: z.string(),
  dgroup_id: z.number().int(),
  /** The team's template (and project) allowance from billing; null: unlimited (BILLING=off). */
  template_max_num: z.number().int().nullable(),
  template_max_id: z.number().int(),
  team_name: z.string(),
  team_id: z.number().int(),
  leader_id: z.number().int(),
  is_main: z.boolean(),
  member_ext: z.object({ role_id: z.number().int().nullable(), role_name: z.string().nullable() }),
  permissions: z.array(z.number().int()),
  project_max_id: z.number().int(),
  /** Beyond the spec's list, shown on the profile page. */
  account: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const getUserInfo = defineCall({
  ...session,
  id: 'getUserInfo',
  method: 'GET',
  path: '/global/getUserInfo',
  summary: 'The signed-in user, their team and permissions',
  response: userInfo,
});

export const editUserInfo = defineCall({
  ...session,
  id: 'editUserInfo',
  method: 'POST',
  path: '/editUserInfo',
  summary: 'Edit the profile of the signed-in user',
  body: z.object({
    name: z.string().trim().min(1).max(50).optional(),
    alias_name: z.string().trim().max(50).optional(),
    contact: z.string().trim().max(100).optional(),
  }),
  response: userInfo,
});

export const changePwd = defineCall({
  ...session,
  id: 'changePwd',
  method: 'POST',
  path: '/global/changePwd',
  summary: 'Change the password; the current one must match and the new one differ',
  body: z
    .object({ old_passwd: z.string().min(1).max(64), passwd: password, confirm: z.string() })
    .superRefine((b, ctx) => {
      if (b.passwd !== b.confirm)
        ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'passwordConfirm' });
      if (b.passwd === b.old_passwd)
        ctx.addIssue({ code: 'custom', path: ['passwd'], message: 'passwordSame' });
    }),
  response: empty,
});

export const removal = defineCall({
  ...session,
  central: true,
  id: 'removal',
  method: 'POST',
  path: '/global/removal',
  summary: 'Remove the signed-in account for good; every token of it then answers 1055',
  body: z.object({
    account: username,
    true_name: z.string().trim().min(1).max(50),
    data_center: dataCenterSchema,
    contact: z.string().trim().min(1).max(100),
    passwd: z.string().min(1).max(64),
  }),
  response: empty,
});

export const refreshToken = defineCall({
  auth: 'refresh',
  permission: HAS_PERMISSION,
  id: 'refreshToken',
  method: 'POST',
  path: '/refreshtoken',
  summary: 'Rotate the refresh token (sent in the authorization header) for a new access token',
  query: z.object({ from: z.literal('web') }),
  body: z.object({ token: z.string().max(4096).default(''), force: z.boolean().default(false) }),
  response: sessionTokens,
});

export const logout = defineCall({
  ...session,
  id: 'logout',
  method: 'POST',
  path: '/global/logout',
  summary: 'End this session: its refresh-token family is revoked',
  response: empty,
});

export const accountCalls = [
  getLogin,
  login,
  phoneVerify,
  register,
  activate,
  resendMail,
  forgetVerify,
  modifyPwd,
  getUserInfo,
  editUserInfo,
  changePwd,
  removal,
  refreshToken,
  logout,
] as const;
