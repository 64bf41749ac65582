/** Typed template calls, with the TAG table and its .xlsx export (base64 in JSON). */
import {
  copyTemplate as copyDef,
  createTemplate as createDef,
  deleteTemplate as deleteDef,
  exportTemplateTags as exportDef,
  getTemplate as getDef,
  getTemplateTags as getTagsDef,
  listTemplates as listDef,
  updateTemplate as updateDef,
  type putTemplateTags as putTagsDef,
} from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Body, Query } from './types';

export type TemplateQuery = Query<typeof listDef>;
export type TagRowInput = Body<typeof putTagsDef>['tags'][number];

export const listTemplates = (query: TemplateQuery, options?: CallOptions) =>
  call(listDef, { query }, options);

export const createTemplate = (body: Body<typeof createDef>, options?: CallOptions) =>
  call(createDef, { body }, options);

export const getTemplate = (id: number, options?: CallOptions) => call(getDef, { params: { id } }, options);

export const updateTemplate = (id: number, body: Body<typeof updateDef>, options?: CallOptions) =>
  call(updateDef, { params: { id }, body }, options);

export const deleteTemplate = (id: number, options?: CallOptions) =>
  call(deleteDef, { params: { id } }, options);

export const copyTemplate = (id: number, name?: string, options?: CallOptions) =>
  call(copyDef, { params: { id }, body: name ? { name } : {} }, options);

export const getTemplateTags = (id: number, options?: CallOptions) =>
  call(getTagsDef, { params: { id } }, options);

export const exportTemplateTags = (id: number, options?: CallOptions) =>
  call(exportDef, { params: { id } }, options);
