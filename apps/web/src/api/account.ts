/**
 * Typed account calls (spec section 7). Thin wrappers over `call`; pass `{ handleError: true }` when
 * the screen shows the error itself (e.g. next to a form field).
 */
import type * as defs from '@hmi/contract';
import type { AccountType } from '@hmi/contract';
import { route } from './route';
import { call, type CallArgs, type CallOptions } from './client';

// Routes, not the contract's definitions: these calls are made before the rest of the app loads.
const getLoginDef = route<typeof defs.getLogin>({ id: 'getLogin', method: 'GET', path: '/global/login' });
const loginDef = route<typeof defs.login>({ id: 'login', method: 'POST', path: '/global/login' });
const phoneVerifyDef = route<typeof defs.phoneVerify>({
  id: 'phoneVerify',
  method: 'POST',
  path: '/global/phoneverify',
  central: true,
});
const registerDef = route<typeof defs.register>({
  id: 'register',
  method: 'POST',
  path: '/global/register',
  central: true,
});
const activateDef = route<typeof defs.activate>({
  id: 'activate',
  method: 'GET',
  path: '/global/activate',
  central: true,
});
const resendMailDef = route<typeof defs.resendMail>({
  id: 'resendMail',
  method: 'POST',
  path: '/global/resendmail',
  central: true,
});
const forgetVerifyDef = route<typeof defs.forgetVerify>({
  id: 'forgetVerify',
  method: 'POST',
  path: '/global/forgetverify',
  central: true,
});
const modifyPwdDef = route<typeof defs.modifyPwd>({
  id: 'modifyPwd',
  method: 'POST',
  path: '/global/modifyPwd',
  central: true,
});
const getUserInfoDef = route<typeof defs.getUserInfo>({
  id: 'getUserInfo',
  method: 'GET',
  path: '/global/getUserInfo',
});
const editUserInfoDef = route<typeof defs.editUserInfo>({
  id: 'editUserInfo',
  method: 'POST',
  path: '/editUserInfo',
});
const changePwdDef = route<typeof defs.changePwd>({
  id: 'changePwd',
  method: 'POST',
  path: '/global/changePwd',
});
const removalDef = route<typeof defs.removal>({
  id: 'removal',
  method: 'POST',
  path: '/global/removal',
  central: true,
});
const logoutDef = route<typeof defs.logout>({ id: 'logout', method: 'POST', path: '/global/logout' });

type Body<C> = CallArgs<C> extends { body: infer B } ? B : never;
type Query<C> = CallArgs<C> extends { query?: infer Q } ? Q : never;
type AccountTypeValue = (typeof AccountType)[keyof typeof AccountType];

/** Public login-page configuration: data centres and phone country codes. */
export const getLoginConfig = (options?: CallOptions) => call(getLoginDef, {}, options);

/** Answers the session tokens; hand them to `useLoginRedirect()`. */
export const login = (body: Body<typeof loginDef>, options?: CallOptions) =>
  call(loginDef, { query: { type: '1' }, body }, options);

export const phoneVerify = (
  body: Body<typeof phoneVerifyDef>,
  scene: Query<typeof phoneVerifyDef>['scene'] = 'register',
  options?: CallOptions,
) => call(phoneVerifyDef, { query: { scene }, body }, options);

/** `type` 0 = phone (with SMS code), 1 = mail (answered with 1014: go activate). */
export const register = (type: AccountTypeValue, body: Body<typeof registerDef>, options?: CallOptions) =>
  call(registerDef, { query: { type }, body }, options);

export const activate = (code: string, options?: CallOptions) =>
  call(activateDef, { query: { code } }, options);

export const resendMail = (type: AccountTypeValue, body: Body<typeof resendMailDef>, options?: CallOptions) =>
  call(resendMailDef, { query: { type }, body }, options);

export const forgetVerify = (body: Body<typeof forgetVerifyDef>, options?: CallOptions) =>
  call(forgetVerifyDef, { body }, options);

export const modifyPwd = (body: Body<typeof modifyPwdDef>, options?: CallOptions) =>
  call(modifyPwdDef, { body }, options);

export const getUserInfo = (options?: CallOptions) => call(getUserInfoDef, {}, options);

export const editUserInfo = (body: Body<typeof editUserInfoDef>, options?: CallOptions) =>
  call(editUserInfoDef, { body }, options);

export const changePwd = (body: Body<typeof changePwdDef>, options?: CallOptions) =>
  call(changePwdDef, { body }, options);

/** Removes the account for good (central host). */
export const removal = (body: Body<typeof removalDef>, options?: CallOptions) =>
  call(removalDef, { body }, options);

export const logout = (options?: CallOptions) => call(logoutDef, {}, options);
