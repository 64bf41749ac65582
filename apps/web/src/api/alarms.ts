/**
 * Typed alarm calls: a template's alarm groups and rules (with .xlsx import / export, base64 in
 * JSON), alarm records with acknowledgement and export, alarm messages, the mail subscription.
 */
import {
  acknowledgeAlarms as acknowledgeDef,
  createAlarmGroup as createGroupDef,
  createAlarmRule as createRuleDef,
  deleteAlarmGroup as deleteGroupDef,
  deleteAlarmRule as deleteRuleDef,
  exportAlarmRules as exportRulesDef,
  exportAlarms as exportAlarmsDef,
  getAlarmSubscription as getSubscriptionDef,
  importAlarmRules as importRulesDef,
  listAlarmGroups as listGroupsDef,
  listAlarmMessages as listMessagesDef,
  listAlarmRules as listRulesDef,
  listAlarms as listAlarmsDef,
  putAlarmSubscription as putSubscriptionDef,
  setAlarmRulesEnabled as setEnabledDef,
  updateAlarmGroup as updateGroupDef,
  updateAlarmRule as updateRuleDef,
} from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Body, Query } from './types';

export type AlarmRuleQuery = Query<typeof listRulesDef>;
export type AlarmRuleBody = Body<typeof createRuleDef>;
export type AlarmRecordQuery = Query<typeof listAlarmsDef>;
export type AlarmRecordFilter = Omit<AlarmRecordQuery, 'page' | 'pageSize'>;
export type AlarmMessageQuery = Query<typeof listMessagesDef>;
export type AlarmSheetFile = Body<typeof importRulesDef>;

export const listAlarmGroups = (templateId: number, options?: CallOptions) =>
  call(listGroupsDef, { params: { id: templateId } }, options);

export const createAlarmGroup = (templateId: number, name: string, options?: CallOptions) =>
  call(createGroupDef, { params: { id: templateId }, body: { name } }, options);

export const renameAlarmGroup = (id: number, name: string, options?: CallOptions) =>
  call(updateGroupDef, { params: { id }, body: { name } }, options);

export const deleteAlarmGroup = (id: number, options?: CallOptions) =>
  call(deleteGroupDef, { params: { id } }, options);

export const listAlarmRules = (templateId: number, query: AlarmRuleQuery, options?: CallOptions) =>
  call(listRulesDef, { params: { id: templateId }, query }, options);

export const createAlarmRule = (templateId: number, body: AlarmRuleBody, options?: CallOptions) =>
  call(createRuleDef, { params: { id: templateId }, body }, options);

export const updateAlarmRule = (id: number, body: AlarmRuleBody, options?: CallOptions) =>
  call(updateRuleDef, { params: { id }, body }, options);

export const setAlarmRulesEnabled = (
  templateId: number,
  ids: number[],
  enabled: boolean,
  options?: CallOptions,
) => call(setEnabledDef, { params: { id: templateId }, body: { ids, enabled } }, options);

export const deleteAlarmRule = (id: number, options?: CallOptions) =>
  call(deleteRuleDef, { params: { id } }, options);

export const importAlarmRules = (templateId: number, file: AlarmSheetFile, options?: CallOptions) =>
  call(importRulesDef, { params: { id: templateId }, body: file }, options);

export const exportAlarmRules = (templateId: number, options?: CallOptions) =>
  call(exportRulesDef, { params: { id: templateId } }, options);

export const listAlarms = (query: AlarmRecordQuery, options?: CallOptions) =>
  call(listAlarmsDef, { query }, options);

/** The filtered records as .xlsx, times in the zone `timezone` hours from UTC. */
export const exportAlarms = (filter: AlarmRecordFilter, timezone: number, options?: CallOptions) =>
  call(exportAlarmsDef, { query: { ...filter, timezone } }, options);

/** `POST /alarm/template/web/AskAlarms`: acknowledge records (the caller becomes the responder). */
export const acknowledgeAlarms = (ids: number[], options?: CallOptions) =>
  call(acknowledgeDef, { body: { ids } }, options);

export const listAlarmMessages = (query: AlarmMessageQuery, options?: CallOptions) =>
  call(listMessagesDef, { query }, options);

export const getAlarmSubscription = (options?: CallOptions) => call(getSubscriptionDef, {}, options);

export const putAlarmSubscription = (body: Body<typeof putSubscriptionDef>, options?: CallOptions) =>
  call(putSubscriptionDef, { body }, options);
