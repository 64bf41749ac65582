import { z } from 'zod';
import { checkCidr } from '../cidr';
import { defineCall } from '../call';
import { limits } from '../constants';
import { Permission } from '../permissions';
import { checkZoneName } from '../validators';
import { bodyId, checked, checkedName, idParams, pageOf, pageQuery, typeError } from '../zod-helpers';

/** At most this many client networks per zone. */
export const ZONE_NETWORKS_MAX = 50;

export const zone = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Devices named directly. */
  device_ids: z.array(z.number().int()),
  /** Groups covered with all their sub-groups. */
  group_ids: z.array(z.number().int()),
  /** Client networks allowed, canonical CIDR (`10.1.0.0/16`, `2001:db8::/32`); empty = any network. */
  networks: z.array(z.string()),
  /** Roles listing the zone. */
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  created_at: z.number().int(),
});
export type Zone = z.infer<typeof zone>;

const ids = z.array(bodyId, typeError).max(1000, 'tooLong');
const networks = z.array(checked(checkCidr), typeError).max(ZONE_NETWORKS_MAX, 'tooLong');

export const listZones = defineCall({
  auth: 'session',
  permission: Permission.ZONE_VIEW,
  id: 'listZones',
  method: 'GET',
  path: '/zones',
  summary: 'Security zones of the caller’s team (devices, groups, client networks, roles), oldest first',
  query: pageQuery.extend({ keyword: z.string(typeError).trim().max(100, 'tooLong').optional() }),
  response: pageOf(zone),
});

export const createZone = defineCall({
  auth: 'session',
  permission: Permission.ZONE_ADD,
  id: 'createZone',
  method: 'POST',
  path: '/zones',
  summary: `Add a security zone: name letters and digits only, unique (1066), at most ${limits.zonesMax} per team (1065); devices (1003) and groups (1027) the caller sees; client networks in CIDR, IPv4 or IPv6 (1006 \`cidr\`), empty = any`,
  body: z.object({
    name: checkedName(checkZoneName),
    device_ids: ids.default([]),
    group_ids: ids.default([]),
    networks: networks.default([]),
  }),
  response: zone,
});

export const updateZone = defineCall({
  auth: 'session',
  permission: Permission.ZONE_EDIT,
  id: 'updateZone',
  method: 'PUT',
  path: '/zones/:id',
  summary:
    'Edit a zone; absent fields kept, lists replaced (a sub-account keeps members it cannot see). 1066, 1003, 1027, 1006',
  params: idParams,
  body: z.object({
    name: checkedName(checkZoneName).optional(),
    device_ids: ids.optional(),
    group_ids: ids.optional(),
    networks: networks.optional(),
  }),
  response: zone,
});

export const deleteZone = defineCall({
  auth: 'session',
  permission: Permission.ZONE_DELETE,
  id: 'deleteZone',
  method: 'DELETE',
  path: '/zones/:id',
  summary: 'Delete a zone; refused with 1002 (data.reason `zoneInUse`, with the roles) while roles list it',
  params: idParams,
  response: z.null(),
});

export const zoneCalls = [listZones, createZone, updateZone, deleteZone] as const;
