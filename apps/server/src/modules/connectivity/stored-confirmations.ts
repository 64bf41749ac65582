import { randomUUID } from 'node:crypto';
import { BATCH_VALUES_MAX, PROTOCOL_VERSION, topics, type Command } from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceBroker } from '../../platform/mqtt/broker';

/** A batch of a committed transaction: stored now or before (a redelivery). */
export interface CommittedBatch {
  sn: string;
  seq: number;
  /** The sender keeps it until confirmed (a gateway's outbox). */
  confirm: boolean;
}

/**
 * Tells gateways which of their batches are stored, so their outboxes may delete them: called only
 * after the transaction that stored them committed (a redelivery was stored by an earlier one). One
 * `cmd stored` per device and transaction, at most BATCH_VALUES_MAX seqs each (the contract's bound).
 * Not recorded as a command: a lost confirmation only makes the gateway send the batch again, and
 * the window drops it and confirms it then.
 */
export function confirmStored(
  broker: DeviceBroker,
  log: FastifyBaseLogger,
  batches: readonly CommittedBatch[],
): void {
  const bySn = new Map<string, number[]>();
  for (const b of batches) {
    if (!b.confirm) continue;
    let seqs = bySn.get(b.sn);
    if (!seqs) bySn.set(b.sn, (seqs = []));
    seqs.push(b.seq);
  }
  for (const [sn, seqs] of bySn)
    for (let i = 0; i < seqs.length; i += BATCH_VALUES_MAX) {
      const cmd: Command = {
        v: PROTOCOL_VERSION,
        id: randomUUID(),
        type: 'stored',
        seqs: seqs.slice(i, i + BATCH_VALUES_MAX),
      };
      broker
        .publish(topics.cmd(sn), JSON.stringify(cmd), { qos: 1 })
        .catch((err: unknown) => log.warn({ err, sn }, 'stored confirmation not sent'));
    }
}
