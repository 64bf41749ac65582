/**
 * MQTT topics of the device protocol (DESIGN.md "Device protocol"), all under `hmi/{sn}/`:
 * `tags` device → cloud (QoS 1), `state` device → cloud (retained; the will message marks offline),
 * `cmd` cloud → device, `ack` device → cloud (command results), `field` device → cloud (QoS 0, the
 * gateway's field diagnostics, periodic).
 */
export const TOPIC_ROOT = 'hmi';
export const topicKinds = ['tags', 'state', 'cmd', 'ack', 'field'] as const;
export type TopicKind = (typeof topicKinds)[number];

/** Kinds a device publishes; it subscribes to `cmd` only. */
export const devicePublishKinds: readonly TopicKind[] = ['tags', 'state', 'ack', 'field'];
export const deviceSubscribeKinds: readonly TopicKind[] = ['cmd'];

/** A serial number usable as one topic level: letters, digits, `-` and `_` (as SN_PATTERN). */
const TOPIC_SN = /^[A-Za-z0-9_-]{1,64}$/;

export function topicFor(sn: string, kind: TopicKind): string {
  if (!TOPIC_SN.test(sn)) throw new Error(`not a device serial number: ${sn}`);
  return `${TOPIC_ROOT}/${sn}/${kind}`;
}

export const topics = {
  tags: (sn: string) => topicFor(sn, 'tags'),
  state: (sn: string) => topicFor(sn, 'state'),
  cmd: (sn: string) => topicFor(sn, 'cmd'),
  ack: (sn: string) => topicFor(sn, 'ack'),
  field: (sn: string) => topicFor(sn, 'field'),
} as const;

/** `hmi/{sn}/{kind}` → its parts; null for any other topic (wildcards included). */
export function parseTopic(topic: string): { sn: string; kind: TopicKind } | null {
  const parts = topic.split('/');
  if (parts.length !== 3 || parts[0] !== TOPIC_ROOT) return null;
  const [, sn, kind] = parts as [string, string, string];
  if (!TOPIC_SN.test(sn) || !(topicKinds as readonly string[]).includes(kind)) return null;
  return { sn, kind: kind as TopicKind };
}

/** MQTT 5 shared-subscription group of the console servers (N instances split the stream). */
export const SHARE_GROUP = 'hmi-console';

/** `$share/hmi-console/hmi/+/{kind}`: what a server instance subscribes to on an external broker. */
export function sharedSubscription(kind: TopicKind, group: string = SHARE_GROUP): string {
  return `$share/${group}/${TOPIC_ROOT}/+/${kind}`;
}
