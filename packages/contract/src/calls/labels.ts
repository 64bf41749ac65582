import { z } from 'zod';
import { defineCall } from '../call';
import { Permission } from '../permissions';
import { checkLabelName } from '../validators';
import { checkedName, idParams, pageOf } from '../zod-helpers';

export const label = z.object({
  id: z.number().int(),
  name: z.string(),
  device_count: z.number().int(),
  created_at: z.number().int(),
});
export type Label = z.infer<typeof label>;

/** A label as attached to a device. */
export const labelRef = z.object({ id: z.number().int(), name: z.string() });

/** Checked as typed (a blank name is `whitespace`), stored trimmed: names are unique in the team. */
const labelBody = z.object({ name: checkedName(checkLabelName).overwrite((name) => name.trim()) });

export const listLabels = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'listLabels',
  method: 'GET',
  path: '/labels',
  summary: 'Every label of the team (at most 50), by name',
  response: pageOf(label),
});

export const createLabel = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_EDIT,
  id: 'createLabel',
  method: 'POST',
  path: '/labels',
  summary: 'Create a label (1086 name exists; 1006 labelLimit at 50 labels)',
  body: labelBody,
  response: label,
});

export const updateLabel = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_EDIT,
  id: 'updateLabel',
  method: 'PUT',
  path: '/labels/:id',
  summary: 'Rename a label (1086 name exists)',
  params: idParams,
  body: labelBody,
  response: label,
});

export const deleteLabel = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_EDIT,
  id: 'deleteLabel',
  method: 'DELETE',
  path: '/labels/:id',
  summary: 'Delete a label; it is removed from every device',
  params: idParams,
  response: z.null(),
});

export const labelCalls = [listLabels, createLabel, updateLabel, deleteLabel] as const;
