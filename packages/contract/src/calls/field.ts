import { z } from 'zod';
import { defineCall } from '../call';
import { Permission } from '../permissions';
import { fieldReportV1 } from '../protocol/payloads';
import { idParams } from '../zod-helpers';

/**
 * A gateway's field side as the server last heard it: the agent version its state named, its latest
 * field report (per connection state, last error, requests, errors, response times; its outbox),
 * and a protocol version the server refused from it. Times in epoch seconds, the report's own in ms.
 */
export const deviceFieldStatus = z.object({
  agent_version: z.string().nullable(),
  /** When the latest report came (epoch seconds); null before any. */
  reported_at: z.number().int().nullable(),
  report: fieldReportV1.omit({ v: true }).nullable(),
  /** The last message refused for its protocol version (`v`), and when. */
  refused_protocol: z.object({ version: z.number().int(), at: z.number().int() }).nullable(),
});
export type DeviceFieldStatus = z.infer<typeof deviceFieldStatus>;

export const deviceField = defineCall({
  auth: 'session',
  permission: Permission.DEVICE_VIEW,
  id: 'deviceField',
  method: 'GET',
  path: '/devices/:id/field',
  summary:
    'The gateway\'s field diagnostics (DESIGN.md "Diagnostics"): its latest field report, agent version and any protocol version refused; scoped as the device itself (1003 when not visible)',
  params: idParams,
  response: deviceFieldStatus,
});
