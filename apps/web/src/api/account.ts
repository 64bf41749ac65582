/**
 * Typed account calls (spec section 7). Thin wrappers over `call`; pass `{ handleError: true }` when
 * the screen shows the error itself (e.g. next to a form field).
 */
import type * as defs from '@hmi/contract';
import type { AccountType } from '@hmi/contract';
import { call, type CallOptions } from './client';
import { routeTable } from './route';
import type { Body, Query } from './types';

// Routes, not the contract's definitions: these calls are made before the rest of the app loads.
const def = routeTable<typeof defs>()({
  getLogin: { method: 'GET', path: '/global/login' },
  login: { method: 'POST', path: '/global/login' },
  phoneVerify: { method: 'POST', path: '/global/phoneverify', central: true },
  register: { method: 'POST', path: '/global/register', central: true },
  activate: { method: 'GET', path: '/global/activate', central: true },
  resendMail: { method: 'POST', path: '/global/resendmail', central: true },
  forgetVerify: { method: 'POST', path: '/global/forgetverify', central: true },
  modifyPwd: { method: 'POST', path: '/global/modifyPwd', central: true },
  getUserInfo: { method: 'GET', path: '/global/getUserInfo' },
  editUserInfo: { method: 'POST', path: '/editUserInfo' },
  changePwd: { method: 'POST', path: '/global/changePwd' },
  removal: { method: 'POST', path: '/global/removal', central: true },
  logout: { method: 'POST', path: '/global/logout' },
});

type AccountTypeValue = (typeof AccountType)[keyof typeof AccountType];

/** Public login-page configuration: data centres and phone country codes. */
export const getLoginConfig = (options?: CallOptions) => call(def.getLogin, {}, options);

/** Answers the session tokens; hand them to `useLoginRedirect()`. */
export const login = (body: Body<typeof def.login>, options?: CallOptions) =>
  call(def.login, { query: { type: '1' }, body }, options);

export const phoneVerify = (
  body: Body<typeof def.phoneVerify>,
  scene: Query<typeof def.phoneVerify>['scene'] = 'register',
  options?: CallOptions,
) => call(def.phoneVerify, { query: { scene }, body }, options);

/** `type` 0 = phone (with SMS code), 1 = mail (answered with 1014: go activate). */
export const register = (type: AccountTypeValue, body: Body<typeof def.register>, options?: CallOptions) =>
  call(def.register, { query: { type }, body }, options);

export const activate = (code: string, options?: CallOptions) =>
  call(def.activate, { query: { code } }, options);

export const resendMail = (
  type: AccountTypeValue,
  body: Body<typeof def.resendMail>,
  options?: CallOptions,
) => call(def.resendMail, { query: { type }, body }, options);

export const forgetVerify = (body: Body<typeof def.forgetVerify>, options?: CallOptions) =>
  call(def.forgetVerify, { body }, options);

export const modifyPwd = (body: Body<typeof def.modifyPwd>, options?: CallOptions) =>
  call(def.modifyPwd, { body }, options);

export const getUserInfo = (options?: CallOptions) => call(def.getUserInfo, {}, options);

export const editUserInfo = (body: Body<typeof def.editUserInfo>, options?: CallOptions) =>
  call(def.editUserInfo, { body }, options);

export const changePwd = (body: Body<typeof def.changePwd>, options?: CallOptions) =>
  call(def.changePwd, { body }, options);

/** Removes the account for good (central host). */
export const removal = (body: Body<typeof def.removal>, options?: CallOptions) =>
  call(def.removal, { body }, options);

export const logout = (options?: CallOptions) => call(def.logout, {}, options);
