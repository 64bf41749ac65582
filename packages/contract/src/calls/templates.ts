import { z } from 'zod';
import { defineCall } from '../call';
import { parseTagAddress } from '../field/address';
import { Permission } from '../permissions';
import { syncTag } from '../protocol/payloads';
import { tagDataTypes, TagAccess } from '../tables';
import { checkTagValue, isTagName } from '../validators';
import { idParams, pageOf, pageQuery, requiredText, text, typeError } from '../zod-helpers';

export const TEMPLATE_NAME_MAX = 50;
/** Most TAG rows in one template (also the import's row limit). */
export const TAGS_MAX = 2000;
/** Largest accepted .xlsx upload, in bytes. */
export const TAG_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Longest scan time: one day. */
export const SCAN_TIME_MAX_MS = 86_400_000;

export const template = z.object({
  id: z.number().int(),
  name: z.string(),
  hmi_model: z.string(),
  version: z.number().int(),
  firmware: z.string(),
  recipe: z.string(),
  device_count: z.number().int(),
  tag_count: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  /**
   * Put out of service by billing (the template allowance dropped below the team's templates):
   * listed and readable, not editable, copyable or bindable (1033). Always sent by the server.
   */
  expired: z.boolean().optional(),
});
export type Template = z.infer<typeof template>;

const templateFields = {
  name: requiredText(TEMPLATE_NAME_MAX),
  hmi_model: requiredText(64),
  firmware: text(64),
  recipe: text(200),
};

const accessCodes = Object.values(TagAccess);

/**
 * One TAG row. `default_value` is text checked against `data_type` by checkTagValue (empty: no
 * default); `scan_time_ms` a positive whole number of milliseconds; `address_type` and `address`
 * follow the field address grammar (field/address.ts; empty address type: not polled).
 */
export const tagInput = z
  .object({
    // An empty name is 'required' alone.
    name: requiredText(64).refine((v) => v === '' || isTagName(v), 'tagNameChars'),
    data_type: z
      .number(typeError)
      .int('integer')
      .refine((v) => (tagDataTypes as readonly number[]).includes(v), 'enum'),
    access: z
      .number(typeError)
      .int('integer')
      .refine((v) => (accessCodes as readonly number[]).includes(v), 'enum')
      .default(TagAccess.READ),
    address_type: text(32).default(''),
    address: text(64).default(''),
    scan_time_ms: z
      .number(typeError)
      .int('integer')
      .min(1, 'range')
      .max(SCAN_TIME_MAX_MS, 'range')
      .default(1000),
    save_history: z.boolean(typeError).default(false),
    default_value: z.string(typeError).max(256, 'tooLong').default(''),
    description: text(200).default(''),
  })
  .superRefine((t, ctx) => {
    const address = parseTagAddress(t);
    if (!address.ok) ctx.addIssue({ code: 'custom', path: [address.field], message: address.issue });
    if (t.default_value === '') return;
    const key = checkTagValue(t.data_type, t.default_value);
    if (key) ctx.addIssue({ code: 'custom', path: ['default_value'], message: key });
  });
export type TagInput = z.infer<typeof tagInput>;

/** A TAG table: at most 2,000 rows, names unique (case-sensitive). */
export const tagTable = z
  .array(tagInput, typeError)
  .max(TAGS_MAX, 'tagCount')
  .superRefine((tags, ctx) => {
    const seen = new Set<string>();
    tags.forEach((t, i) => {
      if (seen.has(t.name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'tagNameDuplicate' });
      seen.add(t.name);
    });
  });

/** A stored TAG: the fields a sync pushes to the HMI, with its id, description and table position. */
export const tag = z.object({
  id: z.number().int(),
  ...syncTag.shape,
  description: z.string(),
  sort: z.number().int(),
});
export type Tag = z.infer<typeof tag>;

/** A stored TAG as the input that would write it again (a copy, or the editor's row). */
export const tagInputOf = ({ id: _id, sort: _sort, ...input }: Tag): TagInput => input;

/** A row error of a TAG import: 1-based sheet row, column name and ValidationKey. */
export const tagImportRowError = z.object({ row: z.number().int(), field: z.string(), issue: z.string() });
/** `data` of the 1006 answering an import with bad rows (nothing is written). */
export const tagImportErrors = z.object({
  field: z.literal('file'),
  issue: z.literal('fileRows'),
  rows: z.array(tagImportRowError),
});
export type TagImportErrors = z.infer<typeof tagImportErrors>;

/** Column headers of the TAG sheet, in order. */
export const tagSheetColumns = [
  'name',
  'data_type',
  'access',
  'address_type',
  'address',
  'scan_time_ms',
  'save_history',
  'default_value',
  'description',
] as const;

const tagsResult = z.object({ version: z.number().int(), total: z.number().int() });

export const listTemplates = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_VIEW,
  id: 'listTemplates',
  method: 'GET',
  path: '/templates',
  summary: 'Templates the caller may see, newest first, with keyword (name) and HMI model filters',
  query: pageQuery.extend({
    keyword: z.string(typeError).trim().max(100, 'tooLong').optional(),
    hmi_model: z.string(typeError).trim().max(64, 'tooLong').optional(),
  }),
  response: pageOf(template),
});

export const createTemplate = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_ADD,
  id: 'createTemplate',
  method: 'POST',
  path: '/templates',
  summary: 'Create a template (1030 name exists, 1033 the team is at template_max_num)',
  body: z.object({
    ...templateFields,
    firmware: templateFields.firmware.default(''),
    recipe: templateFields.recipe.default(''),
  }),
  response: template,
});

export const getTemplate = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_VIEW,
  id: 'getTemplate',
  method: 'GET',
  path: '/templates/:id',
  summary: 'One template',
  params: idParams,
  response: template,
});

export const updateTemplate = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_EDIT,
  id: 'updateTemplate',
  method: 'PUT',
  path: '/templates/:id',
  summary:
    'Edit template fields; the version rises (1030 name exists, 1042 new HMI model differs from a using device)',
  params: idParams,
  body: z.object({
    name: templateFields.name.optional(),
    hmi_model: templateFields.hmi_model.optional(),
    firmware: templateFields.firmware.optional(),
    recipe: templateFields.recipe.optional(),
  }),
  response: template,
});

export const deleteTemplate = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_DELETE,
  id: 'deleteTemplate',
  method: 'DELETE',
  path: '/templates/:id',
  summary: 'Delete a template and its TAG table; 1037 while devices use it',
  params: idParams,
  response: z.null(),
});

export const copyTemplate = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_COPY,
  id: 'copyTemplate',
  method: 'POST',
  path: '/templates/:id/copy',
  summary:
    'Copy a template with its TAG table; the copy is named `<name>_copy` (then `_copy2`, `_copy3`… until unique) unless `name` is given (1030, 1033)',
  params: idParams,
  body: z.object({ name: templateFields.name.optional() }),
  response: template,
});

export const getTemplateTags = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_VIEW,
  id: 'getTemplateTags',
  method: 'GET',
  path: '/templates/:id/tags',
  summary: 'The TAG table of a template, in order',
  params: idParams,
  response: z.object({ list: z.array(tag), total: z.number().int(), version: z.number().int() }),
});

export const putTemplateTags = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_EDIT,
  id: 'putTemplateTags',
  method: 'PUT',
  path: '/templates/:id/tags',
  summary:
    'Replace the TAG table (every row validated first; 1006 names the first failing `tags.<row>.<field>`); the version rises',
  params: idParams,
  body: z.object({ tags: tagTable }),
  response: tagsResult,
});

export const importTemplateTags = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_EDIT,
  id: 'importTemplateTags',
  method: 'POST',
  path: '/templates/:id/tags/import',
  summary:
    'Replace the TAG table from an .xlsx file sent as base64 in JSON (`content_base64`, at most 2 MB decoded, 2,000 rows; first sheet, first row the column names of tagSheetColumns). Any bad row: 1006 with data {field: "file", issue: "fileRows", rows: [{row, field, issue}]} and nothing written',
  bodyLimit: Math.ceil((TAG_IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024,
  params: idParams,
  body: z.object({
    filename: text(255).default(''),
    content_base64: z.string(typeError).min(1, 'required'),
  }),
  response: tagsResult,
});

export const exportTemplateTags = defineCall({
  auth: 'session',
  permission: Permission.TEMPLATE_VIEW,
  id: 'exportTemplateTags',
  method: 'GET',
  path: '/templates/:id/tags/export',
  summary:
    'The TAG table as an .xlsx file, base64 in JSON (`content_base64`, `filename`); text cells starting with = + - @ are prefixed with a single quote',
  params: idParams,
  response: z.object({ filename: z.string(), content_base64: z.string(), total: z.number().int() }),
});

export const templateCalls = [
  listTemplates,
  createTemplate,
  getTemplate,
  updateTemplate,
  deleteTemplate,
  copyTemplate,
  getTemplateTags,
  putTemplateTags,
  importTemplateTags,
  exportTemplateTags,
] as const;
