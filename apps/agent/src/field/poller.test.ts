import { TagDataType, type FieldConnectionReport, type SyncTag } from '@hmi/contract';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConnections } from './connections';
import type { FieldDriver, TagReading } from './driver';
import { FieldError } from './errors';
import { Poller } from './poller';

/**
 * When the next scan of an overdue group starts: on a serial line polled back to back, every turn of
 * the event loop between an answer and the next request is line time lost; a read that fails without
 * waiting must still leave everything else its turn.
 */
const connections = parseConnections({
  line: { protocol: 'modbus-rtu', path: '/dev/ttyUSB0', baud: 115200 },
});
const tag: SyncTag = {
  name: 'r0',
  data_type: TagDataType.UINT16,
  access: 0,
  address_type: 'line:4x',
  address: '0',
  scan_time_ms: 1,
  save_history: false,
  default_value: '',
};

/** A driver whose every read is `read()`; `events` records when reads start. */
function fakeDriver(read: () => Promise<TagReading[]>): FieldDriver {
  return {
    name: 'line',
    protocol: 'modbus-rtu',
    connect: () => Promise.resolve(),
    plan: () => ({ requests: 1, read }),
    write: () => Promise.resolve(),
    close: () => Promise.resolve(),
    report: (tags) =>
      ({ name: 'line', protocol: 'modbus-rtu', state: 'connected', tags }) as FieldConnectionReport,
    onChange: () => undefined,
  };
}

let poller: Poller | null = null;
afterEach(async () => {
  await poller?.stop();
  poller = null;
});

describe('the poller’s next scan of an overdue group', () => {
  it('follows an answer it waited for in the same turn, before anything queued for the next turn', async () => {
    const events: string[] = [];
    let answer: (r: TagReading[]) => void = () => undefined;
    const read = () => {
      events.push('read');
      return new Promise<TagReading[]>((resolve) => (answer = resolve));
    };
    poller = new Poller({ connections, openDriver: () => fakeDriver(read), publish: () => undefined });
    poller.apply([tag]);
    expect(events).toEqual(['read']);
    // The PLC answers after 3 ms (a poll's time on the wire); something else is queued meanwhile.
    await delay(3);
    setImmediate(() => events.push('next turn'));
    answer([{ tag: 'r0', value: 1 }]);
    await new Promise((turn) => setImmediate(turn));
    expect(events).toEqual(['read', 'read', 'next turn']);
  });

  it('after a read that failed at once, waits for its scan time: other work runs first', async () => {
    const events: string[] = [];
    const read = () => {
      events.push('read');
      return Promise.reject(new FieldError('disconnected', 'line: down'));
    };
    const errors = console.error;
    console.error = () => undefined;
    try {
      poller = new Poller({ connections, openDriver: () => fakeDriver(read), publish: () => undefined });
      setImmediate(() => events.push('next turn'));
      poller.apply([tag]);
      await delay(5);
    } finally {
      console.error = errors;
    }
    expect(events.slice(0, 3)).toEqual(['read', 'next turn', 'read']);
  });
});
