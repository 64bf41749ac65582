/** Response times of one connection: the last SAMPLES answers, for p50/p99 (bounded memory). */
const SAMPLES = 512;

export class ResponseTimes {
  private readonly ms = new Float64Array(SAMPLES);
  private count = 0;

  add(ms: number): void {
    this.ms[this.count % SAMPLES] = ms;
    this.count++;
  }

  /** The p-th percentile (0-100) of the kept samples; undefined before the first answer. */
  percentile(p: number): number | undefined {
    const n = Math.min(this.count, SAMPLES);
    if (!n) return undefined;
    const sorted = this.ms.slice(0, n).sort();
    return sorted[Math.min(n - 1, Math.ceil((p / 100) * n) - 1)];
  }
}
