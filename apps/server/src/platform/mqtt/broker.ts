import type { TopicKind } from '@hmi/contract';

/** What the connectivity module does with device traffic; the broker calls these. */
export interface BrokerHandlers {
  /**
   * A message a device published under its own prefix (already authorised). The returned promise
   * settles once the message is stored: the broker acknowledges QoS 1 only then, so a crash before
   * storage makes the device send it again.
   */
  message(sn: string, kind: TopicKind, payload: Buffer, qos: number): Promise<void>;
  /** The embedded broker's view of a device's connection (external brokers report via wills). */
  presence(sn: string, connected: boolean): void;
}

/** The MQTT side of the server: the embedded aedes broker or a client of an external one. */
export interface DeviceBroker {
  readonly mode: 'embedded' | 'external';
  /** Embedded: the port it listens on (useful with MQTT_PORT=0). */
  readonly port: number | null;
  start(handlers: BrokerHandlers): Promise<void>;
  /** Publishes as the server (unrestricted). */
  publish(topic: string, payload: string, opts: { qos: 0 | 1; retain?: boolean }): Promise<void>;
  /** Drops the live connection of the device with this SN (if any); it may connect again. */
  drop(sn: string): Promise<void>;
  /** Revoked hardware: drops its connection and refuses it from now on. */
  revoke(sn: string): Promise<void>;
  /** SNs connected to this broker right now (embedded only; external: empty). */
  connected(): string[];
  close(): Promise<void>;
}

/** Thrown when the embedded broker cannot listen (names MQTT_PORT, suggests MQTT_URL). */
export class BrokerPortError extends Error {
  constructor(port: number, cause: string) {
    super(
      `MQTT_PORT ${port} is not available (${cause}). Another MQTT broker may hold it: set MQTT_PORT to a free port, or use that broker with MQTT_URL=mqtt://user:pass@host:${port}.`,
    );
    this.name = 'BrokerPortError';
  }
}
