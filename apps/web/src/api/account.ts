/**
 * Typed account calls (spec section 7). Thin wrappers over `call`; pass `{ handleError: true }` when
 * the screen shows the error itself (e.g. next to a form field).
 */
import {
  activate as activateDef,
  changePwd as changePwdDef,
  editUserInfo as editUserInfoDef,
  forgetVerify as forgetVerifyDef,
  getLogin as getLoginDef,
  getUserInfo as getUserInfoDef,
  login as loginDef,
  logout as logoutDef,
  modifyPwd as modifyPwdDef,
  phoneVerify as phoneVerifyDef,
  register as registerDef,
  removal as removalDef,
  resendMail as resendMailDef,
  type AccountType,
} from '@hmi/contract';
import { call, type CallArgs, type CallOptions } from './client';

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
