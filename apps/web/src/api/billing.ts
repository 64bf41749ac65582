/**
 * Typed billing calls: the team's account figures, cards (list, detail, check, activate, allocate to a
 * device), TAG allocations, a device's billing and traffic switch, recharge records, monthly traffic.
 */
import {
  activateBillingCard as activateDef,
  allocateCard as allocateCardDef,
  checkBillingCard as checkDef,
  createAllocation as createAllocationDef,
  getBillingAccount as accountDef,
  getBillingCard as cardDef,
  getDeviceBilling as deviceBillingDef,
  listAllocations as listAllocationsDef,
  listBillingCards as listCardsDef,
  listRecharges as listRechargesDef,
  monthTraffic as monthTrafficDef,
  setTrafficSwitch as switchDef,
  type CallResponse,
} from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Body, Query } from './types';

export type CardQuery = Query<typeof listCardsDef>;
export type RechargeQuery = Query<typeof listRechargesDef>;
export type CardInput = Body<typeof activateDef>;
export type AllocationInput = Body<typeof createAllocationDef>;
export type BillingAccount = CallResponse<typeof accountDef>;
export type CardOffer = CallResponse<typeof checkDef>;
export type CardDetail = CallResponse<typeof cardDef>;
export type TagAllocation = CallResponse<typeof createAllocationDef>;
export type DeviceBilling = CallResponse<typeof deviceBillingDef>;
export type TrafficSwitch = CallResponse<typeof switchDef>;
export type Recharge = CallResponse<typeof listRechargesDef>['list'][number];
export type MonthTraffic = CallResponse<typeof monthTrafficDef>;

export const getBillingAccount = (options?: CallOptions) => call(accountDef, {}, options);

export const listBillingCards = (query: CardQuery, options?: CallOptions) =>
  call(listCardsDef, { query }, options);

export const getBillingCard = (id: number, options?: CallOptions) =>
  call(cardDef, { params: { id } }, options);

/** What a card gives, without activating it. */
export const checkBillingCard = (body: CardInput, options?: CallOptions) => call(checkDef, { body }, options);

export const activateBillingCard = (body: CardInput, options?: CallOptions) =>
  call(activateDef, { body }, options);

export const createAllocation = (body: AllocationInput, options?: CallOptions) =>
  call(createAllocationDef, { body }, options);

export const listAllocations = (query: Query<typeof listAllocationsDef>, options?: CallOptions) =>
  call(listAllocationsDef, { query }, options);

export const allocateCard = (id: number, deviceId: number, options?: CallOptions) =>
  call(allocateCardDef, { params: { id }, body: { device_id: deviceId } }, options);

export const getDeviceBilling = (id: number, options?: CallOptions) =>
  call(deviceBillingDef, { params: { id } }, options);

export const setTrafficSwitch = (id: number, on: boolean, options?: CallOptions) =>
  call(switchDef, { params: { id }, body: { on } }, options);

export const listRecharges = (query: RechargeQuery, options?: CallOptions) =>
  call(listRechargesDef, { query }, options);

/** Traffic per month of one device (or of every device the caller sees), oldest first. */
export const monthTraffic = (body: Body<typeof monthTrafficDef>, options?: CallOptions) =>
  call(monthTrafficDef, { body }, options);
