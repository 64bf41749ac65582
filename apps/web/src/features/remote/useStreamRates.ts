/**
 * The live rates of a remote view, sampled every second from its channel: screen updates drawn per
 * second and bits per second as they crossed the link (what the device's traffic is charged).
 */
import { useEffect, useState } from 'react';
import type { RemoteChannel } from './vncChannel';

export interface StreamRates {
  fps: number;
  bitsPerSecond: number;
}

export function useStreamRates(channel: RemoteChannel | null): StreamRates {
  const [rates, setRates] = useState<StreamRates>({ fps: 0, bitsPerSecond: 0 });
  useEffect(() => {
    if (!channel) return;
    let last = { at: performance.now(), frames: channel.frames, bytes: channel.wireBytes };
    const timer = setInterval(() => {
      const now = { at: performance.now(), frames: channel.frames, bytes: channel.wireBytes };
      const seconds = Math.max(0.001, (now.at - last.at) / 1000);
      setRates({
        fps: (now.frames - last.frames) / seconds,
        bitsPerSecond: ((now.bytes - last.bytes) * 8) / seconds,
      });
      last = now;
    }, 1000);
    return () => clearInterval(timer);
  }, [channel]);
  return rates;
}

/** Bits per second as kbit/s or Mbit/s (base 1000, as link speeds are given). */
export function formatBitrate(bps: number): string {
  return bps >= 1_000_000 ? `${(bps / 1_000_000).toFixed(1)} Mbit/s` : `${Math.round(bps / 1000)} kbit/s`;
}
