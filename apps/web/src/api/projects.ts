/** Typed project (multiple-device) calls. */
import {
  createProject as createDef,
  deleteProject as deleteDef,
  getProject as getDef,
  listProjects as listDef,
  updateProject as updateDef,
} from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Body, Query } from './types';

export type ProjectQuery = Query<typeof listDef>;

export const listProjects = (query: ProjectQuery, options?: CallOptions) => call(listDef, { query }, options);

export const createProject = (body: Body<typeof createDef>, options?: CallOptions) =>
  call(createDef, { body }, options);

export const getProject = (id: number, options?: CallOptions) => call(getDef, { params: { id } }, options);

export const updateProject = (id: number, body: Body<typeof updateDef>, options?: CallOptions) =>
  call(updateDef, { params: { id }, body }, options);

export const deleteProject = (id: number, options?: CallOptions) =>
  call(deleteDef, { params: { id } }, options);
