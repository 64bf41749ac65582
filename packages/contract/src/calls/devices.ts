import { z } from 'zod';
import { defineCall } from '../call';
import { limits } from '../constants';
import { Permission } from '../permissions';
import { checkDeviceName } from '../validators';
import {
  bodyId,
  checkedName,
  idParams,
  pageOf,
  pageQuery,
  queryId,
  requiredText,
  text,
  typeError,
} from '../zod-helpers';
import { labelRef } from './labels';

/** Hardware serial numbers: letters, digits, `-` and `_`, up to 64. */
export const SN_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const snSchema = z.string(typeError).trim().regex(SN_PATTERN, 'snFormat');

export const device = z.object({
  id: z.number().int(),
  name: z.string(),
  sn: z.string(),
  model: z.string(),
  group_id: z.number().int().nullable(),
  /** Displayed group path (spec section 3): full up to 3 levels, else first, middle and last names. */
  group_path: z.array(z.string()),
  template_id: z.number().int().nullable(),
  template_name: z.string().nullable(),
  address: z.string(),
  remark: z.string(),
  hmi_sn: z.string(),
  gateway_sn: z.string(),
  customer_name: z.string(),
  labels: z.array(labelRef),
  /** 0 offline, 1 online. */
  online: z.number().int(),
  last_online_change: z.number().int().nullable(),
  /** 1 when the HMI runs the template version the cloud holds, else 0. */
  sync_status: z.number().int(),
  /** Version of the associated template in the cloud (null without a template). */
  cloud_version: z.number().int().nullable(),
  /** Template version the HMI reported (null until it does). */
  hmi_version: z.number().int().nullable(),
  config_created_at: z.number().int().nullable(),
  config_modified_at: z.number().int().nullable(),
  /** 1 when remote view may use traffic this month (billing's switch; always 1 with BILLING=off). */
  traffic_switch: z.number().int(),
  /** The current TAG allocation (history it stores); null without one. Always sent by the server. */
  allocation: z
    .object({
      tag_count: z.number().int(),
      frequency_min: z.number().int(),
      ends_at: z.number().int(),
    })
    .nullable()
    .optional(),
  /**
   * The device's alarms are out of service until this time (epoch seconds; null or past: in
   * service), for this reason (setDeviceOutOfService).
   */
  oos_until: z.number().int().nullable(),
  oos_reason: z.string().nullable(),
  favourite: z.boolean(),
  created_at: z.number().int(),
});
export type Device = z.infer<typeof device>;

const labelIds = z.array(bodyId, typeError).max(limits.labelsPerDevice, 'labelsPerDevice');

/** Fields a user sets on a device (bind and edit). */
const deviceFields = {
  name: checkedName(checkDeviceName),
  group_id: bodyId.nullable(),
  template_id: bodyId.nullable(),
  label_ids: labelIds,
  address: text(200),
  remark: text(500),
  hmi_sn: text(64),
  gateway_sn: text(64),
  customer_name: text(100),
};

export const listDevices = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'listDevices',
  method: 'GET',
  path: '/devices',
  summary:
    'Devices the caller may see, newest first: keyword (name, SN or remark, case-insensitive), group (with its sub-groups), label, online and model filters',
  query: pageQuery.extend({
    group_id: queryId.optional(),
    label_id: queryId.optional(),
    online: z.coerce
      .number(typeError)
      .pipe(z.union([z.literal(0), z.literal(1)], 'enum'))
      .optional(),
    model: z.string(typeError).trim().max(64, 'tooLong').optional(),
    keyword: z.string(typeError).trim().max(100, 'tooLong').optional(),
  }),
  response: pageOf(device),
});

export const bindDevice = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_BIND,
  id: 'bindDevice',
  method: 'POST',
  path: '/devices',
  summary:
    'Bind registered hardware to the team by SN and PIN (1028 unknown SN or not bindable, 1025 wrong PIN, 1201 after 5 wrong PINs in 15 min, 1086 already bound to this team, 1034 name exists)',
  body: z.object({
    sn: snSchema,
    pin: requiredText(32),
    ...deviceFields,
    group_id: deviceFields.group_id.default(null),
    template_id: deviceFields.template_id.default(null),
    label_ids: labelIds.default([]),
    address: deviceFields.address.default(''),
    remark: deviceFields.remark.default(''),
    hmi_sn: deviceFields.hmi_sn.default(''),
    gateway_sn: deviceFields.gateway_sn.default(''),
    customer_name: deviceFields.customer_name.default(''),
  }),
  response: device,
});

export const getDevice = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'getDevice',
  method: 'GET',
  path: '/devices/:id',
  summary: 'One device (1003 when it is not the caller’s to see)',
  params: idParams,
  response: device,
});

export const updateDevice = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_EDIT,
  id: 'updateDevice',
  method: 'PUT',
  path: '/devices/:id',
  summary:
    'Edit a device; absent fields are kept, `label_ids` replaces the labels (1034, 1027, 1029, 1042 template of another model)',
  params: idParams,
  body: z.object({
    name: deviceFields.name.optional(),
    group_id: deviceFields.group_id.optional(),
    template_id: deviceFields.template_id.optional(),
    label_ids: labelIds.optional(),
    address: deviceFields.address.optional(),
    remark: deviceFields.remark.optional(),
    hmi_sn: deviceFields.hmi_sn.optional(),
    gateway_sn: deviceFields.gateway_sn.optional(),
    customer_name: deviceFields.customer_name.optional(),
  }),
  response: device,
});

export const unbindDevice = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_DELETE,
  id: 'unbindDevice',
  method: 'DELETE',
  path: '/devices/:id',
  summary:
    'Unbind a device (its labels and favourites go; the hardware can be bound again); 1091 while a project uses it',
  params: idParams,
  response: z.null(),
});

export const setFavourite = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'setFavourite',
  method: 'PUT',
  path: '/devices/:id/favourite',
  summary: 'Star or unstar a device for the caller’s dashboard (needs device view, id 2)',
  params: idParams,
  body: z.object({ favourite: z.boolean(typeError) }),
  response: z.object({ favourite: z.boolean() }),
});

export const deviceCalls = [
  listDevices,
  bindDevice,
  getDevice,
  updateDevice,
  unbindDevice,
  setFavourite,
] as const;
