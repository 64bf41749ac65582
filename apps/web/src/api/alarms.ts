/**
 * Typed alarm calls: a template's alarm groups and rules (with .xlsx import / export, base64 in
 * JSON), alarm records with acknowledgement and export, the alarm mail subscription's save.
 */
import type { createAlarmRule as createRuleDef } from '@hmi/contract';
import {
  acknowledgeAlarms as acknowledgeDef,
  createAlarmGroup as createGroupDef,
  deleteAlarmGroup as deleteGroupDef,
  deleteAlarmRule as deleteRuleDef,
  exportAlarmRules as exportRulesDef,
  exportAlarms as exportAlarmsDef,
  setDeviceOutOfService as deviceOosDef,
  setRuleOutOfService as ruleOosDef,
  shelveAlarms as shelveDef,
  unshelveAlarms as unshelveDef,
  listAlarmRules as listRulesDef,
  listAlarms as listAlarmsDef,
  putAlarmSubscription as putSubscriptionDef,
  updateAlarmGroup as updateGroupDef,
} from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Body, Query } from './types';

export type AlarmRuleQuery = Query<typeof listRulesDef>;
export type AlarmRuleBody = Body<typeof createRuleDef>;
export type AlarmRecordQuery = Query<typeof listAlarmsDef>;
export type AlarmRecordFilter = Omit<AlarmRecordQuery, 'page' | 'pageSize'>;

export const createAlarmGroup = (templateId: number, name: string, options?: CallOptions) =>
  call(createGroupDef, { params: { id: templateId }, body: { name } }, options);

export const renameAlarmGroup = (id: number, name: string, options?: CallOptions) =>
  call(updateGroupDef, { params: { id }, body: { name } }, options);

export const deleteAlarmGroup = (id: number, options?: CallOptions) =>
  call(deleteGroupDef, { params: { id } }, options);

export const listAlarmRules = (templateId: number, query: AlarmRuleQuery, options?: CallOptions) =>
  call(listRulesDef, { params: { id: templateId }, query }, options);

export const deleteAlarmRule = (id: number, options?: CallOptions) =>
  call(deleteRuleDef, { params: { id } }, options);

export const exportAlarmRules = (templateId: number, options?: CallOptions) =>
  call(exportRulesDef, { params: { id: templateId } }, options);

export const listAlarms = (query: AlarmRecordQuery, options?: CallOptions) =>
  call(listAlarmsDef, { query }, options);

/** The filtered records as .xlsx, times in the zone `timezone` hours from UTC. */
export const exportAlarms = (filter: AlarmRecordFilter, timezone: number, options?: CallOptions) =>
  call(exportAlarmsDef, { query: { ...filter, timezone } }, options);

/** `POST /alarm/template/web/AskAlarms`: acknowledge records (the caller becomes the responder). */
export const acknowledgeAlarms = (ids: number[], note: string, options?: CallOptions) =>
  call(acknowledgeDef, { body: { ids, ...(note ? { note } : {}) } }, options);

/** Hides records from the active views and their notifications for `minutes`, with a reason. */
export const shelveAlarms = (ids: number[], minutes: number, reason: string, options?: CallOptions) =>
  call(shelveDef, { body: { ids, minutes, reason } }, options);

export const unshelveAlarms = (ids: number[], options?: CallOptions) =>
  call(unshelveDef, { body: { ids } }, options);

/** A rule out of service until `until` (epoch seconds) with a reason, or back in (null). */
export const setRuleOutOfService = (
  id: number,
  until: number | null,
  reason: string,
  options?: CallOptions,
) => call(ruleOosDef, { params: { id }, body: { until, reason } }, options);

/** A device's alarms out of service until `until` (epoch seconds) with a reason, or back in (null). */
export const setDeviceOutOfService = (
  id: number,
  until: number | null,
  reason: string,
  options?: CallOptions,
) => call(deviceOosDef, { params: { id }, body: { until, reason } }, options);

export const putAlarmSubscription = (body: Body<typeof putSubscriptionDef>, options?: CallOptions) =>
  call(putSubscriptionDef, { body }, options);
