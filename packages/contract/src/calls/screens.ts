import { z } from 'zod';
import { defineCall } from '../call';
import { Permission } from '../permissions';
import { binding, screenDocument, screenName, SCREEN_DOCUMENT_MAX_BYTES } from '../screens';
import { bodyId, idParams, queryId, text, typeError } from '../zod-helpers';

/** Screens of one template or project. */
export const SCREENS_PER_OWNER_MAX = 100;
/** Largest import file (archive, FUXA project or SVG) in bytes, and what an archive may inflate to. */
export const SCREEN_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const SCREEN_ARCHIVE_INFLATED_MAX_BYTES = 64 * 1024 * 1024;
export const SCREEN_ARCHIVE_ENTRIES_MAX = 1000;
/** Source variables one import may map by hand. */
export const SCREEN_TAG_MAP_MAX = 2000;

const P = Permission;
/** A call on a screen of either owner kind: the service checks the right of the screen's own kind. */
const viewOwner = { anyOf: [P.TEMPLATE_VIEW, P.PROJECT_VIEW] } as const;
const editOwner = { anyOf: [P.TEMPLATE_EDIT, P.PROJECT_EDIT] } as const;

/** A screen without its document (lists). Exactly one of `template_id` and `project_id` is set. */
export const screenSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  template_id: z.number().int().nullable(),
  project_id: z.number().int().nullable(),
  sort: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  widget_count: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type ScreenSummary = z.infer<typeof screenSummary>;

export const screen = screenSummary.extend({ document: screenDocument });
export type Screen = z.infer<typeof screen>;

const screenList = z.object({ list: z.array(screenSummary), total: z.number().int() });
const sort = z.number(typeError).int('integer').min(0, 'range').max(9999, 'range');
const documentBody = SCREEN_DOCUMENT_MAX_BYTES + 64 * 1024;
const exported = z.object({ filename: z.string(), content_base64: z.string(), total: z.number().int() });

export const createScreenBody = z.object({
  name: screenName,
  sort: sort.default(0),
  document: screenDocument,
});

export const listTemplateScreens = defineCall({
  auth: 'session',
  permission: P.TEMPLATE_VIEW,
  id: 'listTemplateScreens',
  method: 'GET',
  path: '/templates/:id/screens',
  summary: "The template's configuration screens (opened for any device of the template), by sort then id",
  params: idParams,
  response: screenList,
});

export const createTemplateScreen = defineCall({
  auth: 'session',
  permission: P.TEMPLATE_EDIT,
  id: 'createTemplateScreen',
  method: 'POST',
  path: '/templates/:id/screens',
  summary:
    'Add a screen to the template: artwork sanitised, every binding `{ tag }` naming a TAG of the template (1006 naming the widget), at most 100 screens',
  bodyLimit: documentBody,
  params: idParams,
  body: createScreenBody,
  response: screen,
});

export const listProjectScreens = defineCall({
  auth: 'session',
  permission: P.PROJECT_VIEW,
  id: 'listProjectScreens',
  method: 'GET',
  path: '/projects/:id/screens',
  summary: "The project's configuration screens (several devices on one picture), by sort then id",
  params: idParams,
  response: screenList,
});

export const createProjectScreen = defineCall({
  auth: 'session',
  permission: P.PROJECT_EDIT,
  id: 'createProjectScreen',
  method: 'POST',
  path: '/projects/:id/screens',
  summary:
    'Add a screen to the project: every binding `{ device_id, tag }` naming a member device and a TAG of its template (1006 naming the widget); bound devices cannot leave the project or be unbound (1091)',
  bodyLimit: documentBody,
  params: idParams,
  body: createScreenBody,
  response: screen,
});

export const getScreen = defineCall({
  auth: 'session',
  permission: { anyOf: [...viewOwner.anyOf, P.DEVICE_CONFIG_SCREEN] },
  id: 'getScreen',
  method: 'GET',
  path: '/screens/:id',
  summary:
    'One screen with its document. A template screen needs 8 and the template, a project screen 39 and the project; with `device_id`, a template screen of that device’s template needs 7 and the device instead (the viewer opened from the device list)',
  params: idParams,
  query: z.object({ device_id: queryId.optional() }),
  response: screen,
});

export const updateScreen = defineCall({
  auth: 'session',
  permission: editOwner,
  id: 'updateScreen',
  method: 'PUT',
  path: '/screens/:id',
  summary:
    'Rename, reorder and/or replace the document of a screen (11 for a template screen, 42 for a project screen)',
  bodyLimit: documentBody,
  params: idParams,
  body: z.object({ name: screenName.optional(), sort: sort.optional(), document: screenDocument.optional() }),
  response: screen,
});

export const deleteScreen = defineCall({
  auth: 'session',
  permission: editOwner,
  id: 'deleteScreen',
  method: 'DELETE',
  path: '/screens/:id',
  summary:
    'Delete a screen (11 for a template screen, 42 for a project screen); its bound devices are free again',
  params: idParams,
  response: z.null(),
});

export const exportScreen = defineCall({
  auth: 'session',
  permission: viewOwner,
  id: 'exportScreen',
  method: 'GET',
  path: '/screens/:id/export',
  summary: 'One screen as a screen archive (.zip, base64 in JSON; see importScreens)',
  params: idParams,
  response: exported,
});

export const exportTemplateScreens = defineCall({
  auth: 'session',
  permission: P.TEMPLATE_VIEW,
  id: 'exportTemplateScreens',
  method: 'GET',
  path: '/templates/:id/screens/export',
  summary: 'Every screen of the template as one screen archive (.zip, base64 in JSON)',
  params: idParams,
  response: exported,
});

export const exportProjectScreens = defineCall({
  auth: 'session',
  permission: P.PROJECT_VIEW,
  id: 'exportProjectScreens',
  method: 'GET',
  path: '/projects/:id/screens/export',
  summary: 'Every screen of the project as one screen archive (.zip, base64 in JSON)',
  params: idParams,
  response: exported,
});

export const listDeviceScreens = defineCall({
  auth: 'session',
  permission: P.DEVICE_CONFIG_SCREEN,
  id: 'listDeviceScreens',
  method: 'GET',
  path: '/devices/:id/screens',
  summary:
    "The config screens of a device (its template's screens; none without a template); open one with getScreen and `device_id`",
  params: idParams,
  response: screenList.extend({ template_id: z.number().int().nullable() }),
});

/** Where an import's variables went: the binding chosen (by name or by `tag_map`), or null. */
export const importedVariable = z.object({
  /** The key to use in `tag_map`: FUXA `device^~^tag` (tag alone without a device), SVG `device/tag` or `tag`. */
  source: z.string(),
  device: z.string().nullable(),
  tag: z.string(),
  binding: binding.nullable(),
  widgets: z.number().int(),
});

export const importReport = z.object({
  screens: z.array(
    z.object({
      name: z.string(),
      widgets: z.number().int(),
      /** Items of a type with no widget: kept in the artwork as drawn. */
      unmapped: z.array(z.object({ element_id: z.string(), type: z.string(), name: z.string() })),
    }),
  ),
  variables: z.array(importedVariable),
});
export type ImportReport = z.infer<typeof importReport>;

export const importScreens = defineCall({
  auth: 'session',
  permission: editOwner,
  id: 'importScreens',
  method: 'POST',
  path: '/screens/import',
  summary:
    'Import screens into a template (11) or project (42): `archive` (this product’s .zip), `fuxa` (a FUXA project .json: each view a screen) or `svg` (data-hmi-* attributes). Variables bind by name; `tag_map` binds the rest by their `source` (null: leave unbound); `dry_run` reports without saving. 2001 when the file cannot be read, `data` a `screenImportRefusal` (English `reason`, `reason_code`, `params`)',
  bodyLimit: Math.ceil((SCREEN_IMPORT_MAX_BYTES * 4) / 3) + 512 * 1024,
  body: z
    .object({
      kind: z.enum(['archive', 'fuxa', 'svg'], typeError),
      template_id: bodyId.optional(),
      project_id: bodyId.optional(),
      filename: text(255).default(''),
      /** The screen's name for an SVG (default: the file name). */
      name: screenName.optional(),
      content_base64: z.string(typeError).min(1, 'required'),
      tag_map: z
        .record(z.string().max(300, 'tooLong'), binding.nullable(), typeError)
        .refine((m) => Object.keys(m).length <= SCREEN_TAG_MAP_MAX, 'tooLong')
        .default({}),
      dry_run: z.boolean(typeError).default(false),
    })
    .refine((b) => (b.template_id === undefined) !== (b.project_id === undefined), {
      message: 'required',
      path: ['template_id'],
    }),
  response: z.object({ screens: z.array(screenSummary), report: importReport }),
});

export const screenCalls = [
  listTemplateScreens,
  createTemplateScreen,
  exportTemplateScreens,
  listProjectScreens,
  createProjectScreen,
  exportProjectScreens,
  listDeviceScreens,
  getScreen,
  updateScreen,
  deleteScreen,
  exportScreen,
  importScreens,
] as const;
