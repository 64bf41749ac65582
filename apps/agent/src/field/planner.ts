/**
 * Request planner: the TAGs of one Modbus connection and one scan time, merged into the fewest read
 * requests the protocol allows. Per area, TAGs sorted by address are taken greedily: a request grows
 * while its span stays within the limit (125 registers, 2,000 bits) and the hole before the next TAG is
 * small (read through: cheaper than a second request's round trip). Greedy is the minimum here because
 * any run of a feasible request is feasible too.
 *
 * A PLC may refuse a merged request (illegal data address: a hole it does not map, or a TAG it lacks).
 * The driver then finds where the refusal lies (`isolateRefusal`) and keeps cuts (barriers) that later
 * plans never cross. Only the cuts the refusal needs are kept: around a TAG the PLC lacks, and in a hole
 * between two parts it accepts. Cutting at every bisection step instead (as halving did) leaves cuts
 * through runs the PLC reads fine, so a map with one bad address is read in more requests than needed.
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

/**
 * Cuts requests must not cross: `<area>:<p>` keeps TAGs at offsets below p and at p or above in
 * different requests.
 */
export type Barriers = ReadonlySet<string>;
export const barrierKey = (area: ModbusArea, offset: number) => `${area}:${offset}`;

const endOf = (t: PlannedTag) => t.address.offset + t.address.length;

/** Whether a cut lies in (from, to]; the span is at most a gap plus a value's length. */
function cutBetween(barriers: Barriers, area: ModbusArea, from: number, to: number): boolean {
  if (barriers.size === 0) return false;
  for (let p = from + 1; p <= to; p++) if (barriers.has(barrierKey(area, p))) return true;
  return false;
}

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
      !cutBetween(
        barriers,
        area,
        current.tags[current.tags.length - 1]?.address.offset ?? 0,
        t.address.offset,
      );
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

/** The answer to a part of a refused request: its result, or `REFUSED` (illegal data address). */
export const REFUSED = Symbol('refused');
export type Probe<T> = (part: ReadRequest) => Promise<T | typeof REFUSED>;

export interface Isolation<T> {
  /** Cuts to keep (barrier keys) so that later plans avoid what the PLC refuses. */
  cuts: string[];
  /** The results of the parts the PLC accepted. */
  read: T[];
  /** TAGs the PLC refuses even alone. */
  refused: PlannedTag[];
}

/** `r` reduced to the TAGs of `tags`, its span theirs. */
function part(r: ReadRequest, tags: PlannedTag[]): ReadRequest {
  const start = Math.min(...tags.map((t) => t.address.offset));
  return { area: r.area, start, length: Math.max(...tags.map(endOf)) - start, tags };
}

/**
 * Where a refused request's refusal lies, by bisecting its TAGs (by distinct address) with `probe`:
 * a part refused alone is a TAG the PLC lacks (cut before and after it); two halves accepted apart
 * but refused together have an unmapped hole between them (cut there). A part refused and another
 * accepted say nothing about the hole between them, so no cut is made there; should the merge be
 * refused again, a later scan finds the hole. A probe that throws (timeout, link down) aborts.
 */
export async function isolateRefusal<T>(r: ReadRequest, probe: Probe<T>): Promise<Isolation<T>> {
  const out: Isolation<T> = { cuts: [], read: [], refused: [] };
  const bisect = async (refused: ReadRequest): Promise<void> => {
    const offsets = [...new Set(refused.tags.map((t) => t.address.offset))].sort((a, b) => a - b);
    const first = offsets[0] ?? refused.start;
    if (offsets.length < 2) {
      out.refused.push(...refused.tags);
      out.cuts.push(barrierKey(r.area, first), barrierKey(r.area, first + 1));
      return;
    }
    const middle = offsets[Math.floor(offsets.length / 2)] as number;
    const halves = [
      part(
        refused,
        refused.tags.filter((t) => t.address.offset < middle),
      ),
      part(
        refused,
        refused.tags.filter((t) => t.address.offset >= middle),
      ),
    ];
    const answers = await Promise.all(halves.map((h) => probe(h)));
    const deeper: Promise<void>[] = [];
    halves.forEach((h, i) => {
      const answer = answers[i] as T | typeof REFUSED;
      if (answer === REFUSED) deeper.push(bisect(h));
      else out.read.push(answer);
    });
    await Promise.all(deeper);
    if (answers.every((a) => a !== REFUSED)) out.cuts.push(barrierKey(r.area, middle));
  };
  await bisect(r);
  return out;
}
