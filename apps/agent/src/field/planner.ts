/**
 * Request planner: the TAGs of one Modbus connection and one scan time, merged into the fewest read
 * requests the protocol allows. Per area, TAGs sorted by address are taken greedily: a request grows
 * while its span stays within the limit (125 registers, 2,000 bits) and the hole before the next TAG is
 * small (read through: cheaper than a second request's round trip). Greedy is the minimum here because
 * any run of a feasible request is feasible too.
 *
 * A PLC may refuse a merged request (illegal data address: a hole it does not map). The poller then
 * splits it at a barrier (`splitAt`) that later plans never cross, so the split is remembered and
 * repeated refusals narrow down to the one TAG the PLC really lacks.
 */
import type { ModbusAddress, ModbusArea } from '@hmi/contract';

export interface PlannedTag {
  name: string;
  dataType: number;
  address: ModbusAddress;
}

export interface ReadRequest {
  area: ModbusArea;
  /** First register or bit. */
  start: number;
  /** Registers or bits to read. */
  length: number;
  tags: PlannedTag[];
}

export interface PlanLimits {
  maxRegisters: number;
  maxBits: number;
  /** Most unused registers (bits) read through between two TAGs of one request. */
  registerGap: number;
  bitGap: number;
}

export const MODBUS_LIMITS: PlanLimits = { maxRegisters: 125, maxBits: 2000, registerGap: 8, bitGap: 64 };

const AREA_ORDER: readonly ModbusArea[] = ['0x', '1x', '3x', '4x'];
const isBitArea = (area: ModbusArea) => area === '0x' || area === '1x';

/** Where requests must not cross: `<area>:<offset>` starts a new request. */
export type Barriers = ReadonlySet<string>;
export const barrierKey = (area: ModbusArea, offset: number) => `${area}:${offset}`;

const endOf = (t: PlannedTag) => t.address.offset + t.address.length;

function planArea(
  area: ModbusArea,
  tags: PlannedTag[],
  limits: PlanLimits,
  barriers: Barriers,
): ReadRequest[] {
  const max = isBitArea(area) ? limits.maxBits : limits.maxRegisters;
  const gap = isBitArea(area) ? limits.bitGap : limits.registerGap;
  const sorted = [...tags].sort((a, b) => a.address.offset - b.address.offset || endOf(a) - endOf(b));
  const out: ReadRequest[] = [];
  let current: ReadRequest | undefined;
  for (const t of sorted) {
    const end = endOf(t);
    const fits =
      current !== undefined &&
      t.address.offset - (current.start + current.length) <= gap &&
      Math.max(end, current.start + current.length) - current.start <= max &&
      (t.address.offset === current.tags[current.tags.length - 1]?.address.offset ||
        !barriers.has(barrierKey(area, t.address.offset)));
    if (current && fits) {
      current.length = Math.max(end, current.start + current.length) - current.start;
      current.tags.push(t);
    } else {
      current = { area, start: t.address.offset, length: end - t.address.offset, tags: [t] };
      out.push(current);
    }
  }
  return out;
}

/** The fewest read requests covering `tags`, never crossing a barrier. */
export function planReads(
  tags: readonly PlannedTag[],
  limits = MODBUS_LIMITS,
  barriers: Barriers = new Set(),
): ReadRequest[] {
  return AREA_ORDER.flatMap((area) => {
    const inArea = tags.filter((t) => t.address.area === area);
    return inArea.length ? planArea(area, inArea, limits, barriers) : [];
  });
}

/**
 * The barrier that splits a refused request in two halves of its TAGs, or null when it reads one
 * address only (the refusal then belongs to that TAG).
 */
export function splitAt(request: ReadRequest): string | null {
  const offsets = [...new Set(request.tags.map((t) => t.address.offset))];
  if (offsets.length < 2) return null;
  const middle = offsets[Math.floor(offsets.length / 2)] as number;
  return barrierKey(request.area, middle);
}
