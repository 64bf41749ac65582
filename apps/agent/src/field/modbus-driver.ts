/**
 * Modbus driver over modbus-serial: TCP, RTU on a serial port, RTU over TCP (serial device servers).
 * Reads follow the planner; a request refused with "illegal data address" is split and the split kept
 * for later scans. Writes: coil 5, one register 6, several 16; a bit of a register is read, changed and
 * written back (6).
 */
import { type ModbusAddress, type WireValue } from '@hmi/contract';
import ModbusRTU from 'modbus-serial';
import { CodecError, decodeRegisters, encodeRegisters, toBool } from './codec';
import type { ModbusConnectionConfig } from './connections';
import { LinkedDriver, type FieldTag, type ScanPlan, type TagReading } from './driver';
import { FieldError, ILLEGAL_DATA_ADDRESS } from './errors';
import { eventLoopSerialBinding } from './serial-binding';
import {
  MODBUS_LIMITS,
  REFUSED,
  isolateRefusal,
  planReads,
  type PlannedTag,
  type ReadRequest,
} from './planner';

type RtuOptions = Parameters<ModbusRTU['connectRTUBuffered']>[1];

const toFieldError = (err: unknown) =>
  err instanceof FieldError ? err : new FieldError('disconnected', String(err));

const isModbus = (t: FieldTag): t is FieldTag & { address: ModbusAddress } => t.address.protocol === 'modbus';

export class ModbusDriver extends LinkedDriver {
  readonly protocol: ModbusConnectionConfig['protocol'];
  private client: ModbusRTU | null = null;
  /** Splits of refused requests, kept for the life of the connection's settings. */
  private readonly barriers = new Set<string>();

  constructor(
    name: string,
    private readonly config: ModbusConnectionConfig,
  ) {
    super(name, {
      timeoutMs: config.timeout_ms,
      retries: config.retries,
      maxInFlight: config.protocol === 'modbus-tcp' ? config.max_in_flight : 1,
    });
    this.protocol = config.protocol;
  }

  protected async open(onDrop: (why: string) => void): Promise<void> {
    const client = new ModbusRTU();
    client.setTimeout(this.config.timeout_ms);
    client.setID(this.config.unit);
    const c = this.config;
    if (c.protocol === 'modbus-tcp') await client.connectTCP(c.host, { port: c.port });
    // RTU frames as they are over a TCP socket (modbus-serial's "telnet" port; its TcpRTUBuffered port
    // speaks Modbus TCP framing instead, which a serial device server does not understand).
    else if (c.protocol === 'modbus-rtu-over-tcp') await client.connectTelnet(c.host, { port: c.port });
    else {
      // serialport takes a binding among its options; modbus-serial passes them on but does not type it
      const options: RtuOptions & { binding: typeof eventLoopSerialBinding } = {
        baudRate: c.baud,
        parity: c.parity,
        dataBits: c.data_bits,
        stopBits: c.stop_bits,
        binding: eventLoopSerialBinding,
      };
      await client.connectRTUBuffered(c.path, options);
    }
    client.on('close', () => onDrop('the connection closed'));
    client.on('error', (err: unknown) => onDrop(err instanceof Error ? err.message : String(err)));
    this.client = client;
  }

  protected async shut(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    // A serial port is closed (modbus-serial's destroy leaves it open and locked); a socket is destroyed,
    // not ended: a PLC that stopped answering may never finish a graceful close.
    if (this.config.protocol === 'modbus-rtu')
      await new Promise<void>((resolve) => client.close(() => resolve()));
    else await new Promise<void>((resolve) => client.destroy(() => resolve()));
  }

  /** The client of the open link (a request runs only while the link is open). */
  private live(): ModbusRTU {
    if (!this.client) throw new FieldError('disconnected', `${this.name}: not connected`);
    return this.client;
  }

  private async readRaw(r: ReadRequest): Promise<number[] | boolean[]> {
    return this.request(async () => {
      const c = this.live();
      switch (r.area) {
        case '0x':
          return (await c.readCoils(r.start, r.length)).data;
        case '1x':
          return (await c.readDiscreteInputs(r.start, r.length)).data;
        case '3x':
          return (await c.readInputRegisters(r.start, r.length)).data;
        case '4x':
          return (await c.readHoldingRegisters(r.start, r.length)).data;
      }
    });
  }

  private decode(r: ReadRequest, data: number[] | boolean[]): TagReading[] {
    return r.tags.map((t) => {
      const a = t.address;
      const at = a.offset - r.start;
      try {
        if (r.area === '0x' || r.area === '1x') return { tag: t.name, value: Boolean(data[at]) };
        const registers = (data as number[]).slice(at, at + a.length);
        if (registers.length < a.length) throw new CodecError('short answer');
        if (a.bit !== undefined) return { tag: t.name, value: (((registers[0] ?? 0) >> a.bit) & 1) === 1 };
        return { tag: t.name, value: decodeRegisters(registers, t.dataType, a.order ?? this.config.order) };
      } catch (err) {
        if (err instanceof CodecError) return { tag: t.name, q: 'decode' };
        throw err;
      }
    });
  }

  /**
   * One request's readings. A refused merge is bisected to where the refusal lies (the parts the PLC
   * accepts are this scan's readings) and only the cuts that avoid it are kept for later scans.
   */
  private async readRequest(r: ReadRequest): Promise<TagReading[]> {
    const refusal = `exception:${ILLEGAL_DATA_ADDRESS}`;
    try {
      return this.decode(r, await this.readRaw(r));
    } catch (err) {
      const e = toFieldError(err);
      const single = new Set(r.tags.map((t) => t.address.offset)).size < 2;
      if (e.reason !== refusal || single) return r.tags.map((t) => ({ tag: t.name, q: e.reason }));
      try {
        const found = await isolateRefusal(r, async (part) => {
          try {
            return this.decode(part, await this.readRaw(part));
          } catch (err) {
            if (toFieldError(err).reason === refusal) return REFUSED;
            throw err;
          }
        });
        for (const cut of found.cuts) this.barriers.add(cut);
        return [...found.read.flat(), ...found.refused.map((t) => ({ tag: t.name, q: refusal }))];
      } catch (err) {
        const reason = toFieldError(err).reason;
        return r.tags.map((t) => ({ tag: t.name, q: reason }));
      }
    }
  }

  plan(tags: readonly FieldTag[]): ScanPlan {
    const planned: PlannedTag[] = tags
      .filter(isModbus)
      .map((t) => ({ name: t.name, dataType: t.dataType, address: t.address }));
    let requests = planReads(planned, MODBUS_LIMITS, this.barriers);
    let splits = this.barriers.size;
    const current = () => {
      if (splits !== this.barriers.size) {
        requests = planReads(planned, MODBUS_LIMITS, this.barriers);
        splits = this.barriers.size;
      }
      return requests;
    };
    return {
      get requests() {
        return current().length;
      },
      read: () => {
        const reqs = current();
        // One request (a serial line's usual plan): its readings as they are, without a Promise.all.
        const [only] = reqs;
        if (reqs.length === 1 && only) return this.readRequest(only);
        return Promise.all(reqs.map((r) => this.readRequest(r))).then((all) => all.flat());
      },
    };
  }

  async write(tag: FieldTag, value: WireValue): Promise<void> {
    if (!isModbus(tag))
      throw new FieldError('config:not a modbus address', `${tag.name} has no Modbus address`);
    const a = tag.address;
    if (a.area !== '0x' && a.area !== '4x')
      throw new FieldError('config:read-only area', `${tag.name} is in the read-only area ${a.area}`);
    const encode = <T>(f: () => T): T => {
      try {
        return f();
      } catch (err) {
        throw new FieldError('decode', `${tag.name}: ${(err as Error).message}`);
      }
    };
    if (a.area === '0x') {
      const on = encode(() => toBool(value));
      await this.request(() => this.live().writeCoil(a.offset, on));
    } else if (a.bit !== undefined) {
      const on = encode(() => toBool(value));
      const mask = 1 << a.bit;
      const [old = 0] = (await this.request(() => this.live().readHoldingRegisters(a.offset, 1))).data;
      await this.request(() => this.live().writeRegister(a.offset, on ? old | mask : old & ~mask & 0xffff));
    } else {
      const words = encode(() =>
        encodeRegisters(value, tag.dataType, a.order ?? this.config.order, a.length),
      );
      if (words.length === 1) await this.request(() => this.live().writeRegister(a.offset, words[0] ?? 0));
      else await this.request(() => this.live().writeRegisters(a.offset, words));
    }
  }
}
