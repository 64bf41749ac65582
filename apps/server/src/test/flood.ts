import { connect as netConnect, type Socket } from 'node:net';
import { topics } from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';

/** Sample times of generated batches start here (epoch ms). */
const BASE_TS = Date.UTC(2026, 2, 1);

/** A tags batch of `count` numeric values of `tag`, numbered `seq` (seq keeps it from being a redelivery). */
export function tagsBatch(seq: number, count: number, tag = 'temp'): string {
  const values = Array.from(
    { length: count },
    (_, i) => `{"tag":"${tag}","value":${i % 100},"ts":${BASE_TS + seq * count + i}}`,
  );
  return `{"v":1,"seq":${seq},"values":[${values.join(',')}]}`;
}

/** The MQTT 3.1.1 CONNECT of a device logging in with its SN and secret. */
export function connectPacket(sn: string, secret: string, keepalive = 60): Buffer {
  return mqttPacket.generate({
    cmd: 'connect',
    protocolId: 'MQTT',
    protocolVersion: 4,
    clean: true,
    clientId: `hmi-${sn}`,
    keepalive,
    username: sn,
    password: Buffer.from(secret),
  });
}

/** An MQTT fixed header: the packet's first byte, then `length` as a variable-length integer. */
export function fixedHeader(type: number, length: number): Buffer {
  const header = [type];
  for (let n = length; ;) {
    const byte = n % 128;
    n = Math.floor(n / 128);
    header.push(n > 0 ? byte | 0x80 : byte);
    if (n === 0) break;
  }
  return Buffer.from(header);
}

/**
 * Writes an MQTT fixed header of `type` announcing `length` bytes, then the body in 64 KiB pieces as
 * fast as the socket takes them (`onTurn` runs before each run of writes, e.g. to sample memory).
 * Resolves with how much went out before the server closed it, or once all of it went out.
 */
export function pumpPacket(
  socket: Socket,
  type: number,
  length: number,
  onTurn: () => void = () => undefined,
): Promise<{ written: number; closed: boolean }> {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  return new Promise((resolve) => {
    let written = 0;
    let closed = false;
    socket.once('close', () => {
      closed = true;
      resolve({ written, closed });
    });
    socket.on('error', () => {});
    const more = () => {
      onTurn();
      while (!closed && written < length) {
        const piece = Math.min(chunk.length, length - written);
        written += piece;
        if (!socket.write(piece === chunk.length ? chunk : chunk.subarray(0, piece))) {
          socket.once('drain', more);
          return;
        }
      }
      // Everything was written: the server took the whole packet.
      if (!closed) resolve({ written, closed });
    };
    socket.write(fixedHeader(type, length), more);
  });
}

/** A raw MQTT 3.1.1 connection of a device that has read its CONNACK; what the server sends later is read and dropped. */
export async function rawDevice(port: number, sn: string, secret: string, keepalive = 60): Promise<Socket> {
  const socket = netConnect(port, '127.0.0.1');
  socket.on('error', () => {});
  const parser = mqttPacket.parser();
  const connack = new Promise<number>((resolve) =>
    parser.once('packet', (p: mqttPacket.Packet) => resolve(p.cmd === 'connack' ? (p.returnCode ?? -1) : -1)),
  );
  socket.on('data', (b) => parser.parse(b));
  socket.write(connectPacket(sn, secret, keepalive));
  const code = await connack;
  if (code !== 0) throw new Error(`CONNACK ${code} for ${sn}`);
  return socket;
}

/**
 * Publishes QoS 0 batches of `values` values on `sn`'s tags topic as fast as the socket takes them
 * until `stop()` says so (checked between writes); resolves with the batches written.
 */
export function floodQos0(socket: Socket, sn: string, values: number, stop: () => boolean): Promise<number> {
  // The values are the same in every batch; only seq (and so the times) changes.
  const topic = topics.tags(sn);
  let seq = 0;
  return new Promise((resolve) => {
    let closed = false;
    socket.once('close', () => {
      closed = true;
      resolve(seq);
    });
    const more = () => {
      while (!closed && !stop()) {
        seq += 1;
        const packet = mqttPacket.generate({
          cmd: 'publish',
          topic,
          payload: Buffer.from(tagsBatch(seq, values)),
          qos: 0,
          retain: false,
          dup: false,
        });
        if (!socket.write(packet)) {
          socket.once('drain', more);
          return;
        }
        // Lets the other clients of this process (and an in-process server) have turns meanwhile.
        if (seq % 8 === 0) {
          setImmediate(more);
          return;
        }
      }
      if (!closed) resolve(seq);
    };
    more();
  });
}

/**
 * A well-behaved device: one QoS 1 batch of a few values at a time, every `intervalMs`, until
 * `stop()`; resolves with the time each took to be acknowledged (ms).
 */
export async function ackLatencies(
  client: MqttClient,
  sn: string,
  intervalMs: number,
  stop: () => boolean,
  firstSeq = 1,
): Promise<number[]> {
  const latencies: number[] = [];
  for (let seq = firstSeq; !stop(); seq += 1) {
    const started = performance.now();
    await client.publishAsync(topics.tags(sn), tagsBatch(seq, 5), { qos: 1 });
    const took = performance.now() - started;
    latencies.push(took);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - took)));
  }
  return latencies;
}

/** The `p`-th percentile (0-100) of `xs` (nearest rank); 0 for none. */
export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
