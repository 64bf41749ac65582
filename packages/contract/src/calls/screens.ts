import { z } from 'zod';
import { defineCall } from '../call';
import { Permission } from '../permissions';
import {
  binding,
  screenDocument,
  screenName,
  SCREEN_DOCUMENT_MAX_BYTES,
  widgetTypes,
  type WidgetType,
} from '../screens';
import { bodyId, idParams, queryId, text, typeError } from '../zod-helpers';

/** Screens of one template or project. */
export const SCREENS_PER_OWNER_MAX = 100;
/** Largest import file (archive, FUXA project or SVG) in bytes, and what an archive may inflate to. */
export const SCREEN_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const SCREEN_ARCHIVE_INFLATED_MAX_BYTES = 64 * 1024 * 1024;
export const SCREEN_ARCHIVE_ENTRIES_MAX = 1000;
/** Source variables one import may map by hand. */
export const SCREEN_TAG_MAP_MAX = 2000;
/** Saved versions kept per screen (the oldest beyond this are dropped as a save adds one). */
export const SCREEN_VERSIONS_MAX = 50;

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
  /** The number of the saved document: each save of the document moves it on (see updateScreen). */
  version: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type ScreenSummary = z.infer<typeof screenSummary>;

export const screen = screenSummary.extend({ document: screenDocument });
export type Screen = z.infer<typeof screen>;

const screenList = z.object({ list: z.array(screenSummary), total: z.number().int() });
const sort = z.number(typeError).int('integer').min(0, 'range').max(9999, 'range');
const versionNumber = z
  .number(typeError)
  .int('integer')
  .min(1, 'range')
  .max(2 ** 31 - 1, 'range');
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
    'Rename, reorder and/or replace the document of a screen (11 for a template screen, 42 for a project screen). A new document is saved as a new version; with `version` (the one the editor loaded) a screen saved by someone else since is refused with 1210 and nothing changes',
  bodyLimit: documentBody,
  params: idParams,
  body: z.object({
    name: screenName.optional(),
    sort: sort.optional(),
    document: screenDocument.optional(),
    version: versionNumber.optional(),
  }),
  response: screen,
});

/** A saved version of a screen, without its document. */
export const screenVersion = z.object({
  version: z.number().int(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  widget_count: z.number().int(),
  /** Who saved it (null: saved before versions were kept, or the member has left). */
  saved_by: z.string().nullable(),
  saved_at: z.number().int(),
});
export type ScreenVersion = z.infer<typeof screenVersion>;

export const listScreenVersions = defineCall({
  auth: 'session',
  permission: viewOwner,
  id: 'listScreenVersions',
  method: 'GET',
  path: '/screens/:id/versions',
  summary: `The saved versions of a screen, newest first (at most ${SCREEN_VERSIONS_MAX} kept)`,
  params: idParams,
  response: z.object({ list: z.array(screenVersion), total: z.number().int() }),
});

export const getScreenVersion = defineCall({
  auth: 'session',
  permission: viewOwner,
  id: 'getScreenVersion',
  method: 'GET',
  path: '/screens/:id/versions/:version',
  summary: 'One saved version of a screen with its document (1003 when it is not kept)',
  params: z.object({ id: queryId, version: queryId }),
  response: screenVersion.extend({ document: screenDocument }),
});

export const restoreScreenVersion = defineCall({
  auth: 'session',
  permission: editOwner,
  id: 'restoreScreenVersion',
  method: 'POST',
  path: '/screens/:id/versions/:version/restore',
  summary:
    'Save a kept version’s document again as the screen’s newest version (its bindings checked as on any save); with `version`, refused with 1210 when the screen was saved since',
  params: z.object({ id: queryId, version: queryId }),
  body: z.object({ version: versionNumber.optional() }),
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

/**
 * What the report says about an imported item, besides the widget it became:
 * `eventVariable` its click writes to the variable the click event names (not the item's own);
 * `noWriteTarget` its click sets a value but names no variable at all: it writes nothing;
 * `unbound` its variable matches no TAG (map it, or it shows and writes nothing);
 * `actionUnsupported` its click does something this console has no counterpart for (a script, an
 * iframe, adding to the value…): it does nothing here; `otherWriteTarget` it shows one variable and
 * its click writes another: it shows the first and does not write;
 * `dialog` its click opens a view as a dialog over the screen; `linkMissing` its click opens a view
 * the file does not hold; `keptInArtwork` no widget: drawn as in the file, showing no value;
 * `notDrawn` no widget and nothing drawn (an HTML control this console has no widget for);
 * `valueType` a value it writes does not fit its TAG's data type (refused when imported).
 */
export const importNotes = [
  'eventVariable',
  'noWriteTarget',
  'unbound',
  'actionUnsupported',
  'otherWriteTarget',
  'dialog',
  'linkMissing',
  'keptInArtwork',
  'notDrawn',
  'valueType',
] as const;
export type ImportNote = (typeof importNotes)[number];

/** One item of an imported screen (a FUXA item, a data-attribute element): what it became. */
export const importedItem = z.object({
  element_id: z.string(),
  type: z.string(),
  name: z.string(),
  /** The widget type it became (null: none). */
  widget: z.enum(widgetTypes as [WidgetType, ...WidgetType[]]).nullable(),
  /** The `tag_map` key of the variable it shows or writes (null: none). */
  source: z.string().nullable(),
  binding: binding.nullable(),
  /** What a click does: a widget action kind, or the type's own (`select`, `slider`, `switch`). */
  action: z.string().nullable(),
  notes: z.array(z.enum(importNotes)),
});
export type ImportedItem = z.infer<typeof importedItem>;

export const importReport = z.object({
  screens: z.array(
    z.object({
      name: z.string(),
      widgets: z.number().int(),
      /** Items that became no widget (`items` says whether each is drawn). */
      unmapped: z.array(z.object({ element_id: z.string(), type: z.string(), name: z.string() })),
      /** Every item of the screen and what it became. */
      items: z.array(importedItem),
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
  listScreenVersions,
  getScreenVersion,
  restoreScreenVersion,
] as const;
