/**
 * Typed configuration-screen calls: a template's and a project's screens (list, create, replace,
 * export as the product's archive), a device's config screens (id 7), one screen with its
 * document, and the import of an archive, a FUXA project or a data-attribute SVG.
 */
import {
  createProjectScreen as createProjectDef,
  createTemplateScreen as createTemplateDef,
  exportProjectScreens as exportProjectDef,
  exportScreen as exportDef,
  exportTemplateScreens as exportTemplateDef,
  getScreen as getDef,
  importScreens as importDef,
  listDeviceScreens as listDeviceDef,
  listProjectScreens as listProjectDef,
  listTemplateScreens as listTemplateDef,
  updateScreen as updateDef,
} from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Body } from './types';

export type ScreenBody = Body<typeof createTemplateDef>;
export type ScreenUpdate = Body<typeof updateDef>;
export type ScreenImport = Body<typeof importDef>;

export const listTemplateScreens = (templateId: number, options?: CallOptions) =>
  call(listTemplateDef, { params: { id: templateId } }, options);

export const createTemplateScreen = (templateId: number, body: ScreenBody, options?: CallOptions) =>
  call(createTemplateDef, { params: { id: templateId }, body }, options);

export const exportTemplateScreens = (templateId: number, options?: CallOptions) =>
  call(exportTemplateDef, { params: { id: templateId } }, options);

export const listProjectScreens = (projectId: number, options?: CallOptions) =>
  call(listProjectDef, { params: { id: projectId } }, options);

export const createProjectScreen = (projectId: number, body: ScreenBody, options?: CallOptions) =>
  call(createProjectDef, { params: { id: projectId }, body }, options);

export const exportProjectScreens = (projectId: number, options?: CallOptions) =>
  call(exportProjectDef, { params: { id: projectId } }, options);

/** The config screens of a device (its template's screens), for the viewer opened from the device list. */
export const listDeviceScreens = (deviceId: number, options?: CallOptions) =>
  call(listDeviceDef, { params: { id: deviceId } }, options);

/** One screen with its document; `deviceId` opens a template screen for that device (id 7). */
export const getScreen = (id: number, deviceId?: number, options?: CallOptions) =>
  call(getDef, { params: { id }, query: deviceId === undefined ? {} : { device_id: deviceId } }, options);

export const updateScreen = (id: number, body: ScreenUpdate, options?: CallOptions) =>
  call(updateDef, { params: { id }, body }, options);

export const exportScreen = (id: number, options?: CallOptions) =>
  call(exportDef, { params: { id } }, options);

export const importScreens = (body: ScreenImport, options?: CallOptions) =>
  call(importDef, { body }, options);
