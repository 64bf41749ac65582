import type { QualityReason } from '@hmi/contract';

/**
 * A field failure with its quality reason (DESIGN.md "Quality"): `timeout`, `disconnected`,
 * `exception:<n>`, `config:<why>`, `decode`. The message is for people (ack `error`, logs).
 */
export class FieldError extends Error {
  constructor(
    readonly reason: QualityReason,
    message: string,
  ) {
    super(message);
  }
}

/** Modbus exception codes as the PLC sends them, for a clear ack error. */
const MODBUS_EXCEPTIONS: Record<number, string> = {
  1: 'illegal function',
  2: 'illegal data address',
  3: 'illegal data value',
  4: 'server device failure',
  5: 'acknowledge',
  6: 'server device busy',
  8: 'memory parity error',
  10: 'gateway path unavailable',
  11: 'gateway target device failed to respond',
};

export const ILLEGAL_DATA_ADDRESS = 2;

export function modbusException(code: number): FieldError {
  return new FieldError(
    `exception:${code}`,
    `PLC exception ${code}: ${MODBUS_EXCEPTIONS[code] ?? 'unknown'}`,
  );
}

/** What a library error means for the TAGs: the PLC's exception, no answer in time, or no link. */
export function asFieldError(err: unknown, connected: boolean): FieldError {
  if (err instanceof FieldError) return err;
  const e = (err ?? {}) as { modbusCode?: unknown; errno?: unknown; message?: unknown };
  if (typeof e.modbusCode === 'number') return modbusException(e.modbusCode);
  const message = typeof e.message === 'string' ? e.message : String(err);
  if (!connected) return new FieldError('disconnected', `not connected: ${message}`);
  if (e.errno === 'ETIMEDOUT') return new FieldError('timeout', 'the PLC did not answer in time');
  return new FieldError('disconnected', message);
}
