/**
 * The two RFB extensions that spare a viewer a round trip per frame (noVNC uses both when a server
 * offers them; TigerVNC's Xvnc does): ContinuousUpdates (the client enables an area once and the
 * server sends its changes as they happen, instead of one update per FramebufferUpdateRequest) and
 * Fence (a marker the peer echoes, so a client knows the server takes part). A client announces
 * them with pseudo-encodings in SetEncodings; the server answers with an EndOfContinuousUpdates and
 * a Fence request, which is how noVNC learns they are there.
 */
import type { Rect } from './rects';

export const PSEUDO_CONTINUOUS_UPDATES = -313;
export const PSEUDO_FENCE = -312;
/** Client EnableContinuousUpdates and server EndOfContinuousUpdates share the type 150. */
export const MSG_CONTINUOUS_UPDATES = 150;
export const MSG_FENCE = 248;
export const ENABLE_CONTINUOUS_UPDATES_BYTES = 10;
export const FENCE_REQUEST = 0x8000_0000;
/** Longest fence payload (the extension's own limit). */
export const FENCE_PAYLOAD_MAX = 64;

/** Which extensions a client's SetEncodings announces. */
export function extensionsOf(encodings: readonly number[]): { continuous: boolean; fence: boolean } {
  return {
    continuous: encodings.includes(PSEUDO_CONTINUOUS_UPDATES),
    fence: encodings.includes(PSEUDO_FENCE),
  };
}

export const END_OF_CONTINUOUS_UPDATES = Buffer.from([MSG_CONTINUOUS_UPDATES]);

/** A server Fence message with `flags` and `payload`. */
export function fenceMessage(flags: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(9);
  head.writeUInt8(MSG_FENCE, 0);
  head.writeUInt32BE(flags >>> 0, 4);
  head.writeUInt8(payload.length, 8);
  return Buffer.concat([head, payload]);
}

/** EnableContinuousUpdates at the head of `b`: on or off and its area (null when incomplete). */
export function readEnableContinuous(b: Buffer): { enable: boolean; area: Rect } | null {
  if (b.length < ENABLE_CONTINUOUS_UPDATES_BYTES) return null;
  return {
    enable: b.readUInt8(1) !== 0,
    area: { x: b.readUInt16BE(2), y: b.readUInt16BE(4), w: b.readUInt16BE(6), h: b.readUInt16BE(8) },
  };
}

/**
 * A client Fence at the head of `b`: its length and, when it asks for an answer, the answer (the
 * flags without the request bit, the same payload). The connection writes it after any update being
 * encoded and handles messages in order, so the block-before/after and sync-next guarantees hold.
 * 'invalid' for an oversized payload, null when incomplete.
 */
export function readClientFence(b: Buffer): { length: number; answer: Buffer | null } | 'invalid' | null {
  if (b.length < 9) return null;
  const size = b.readUInt8(8);
  if (size > FENCE_PAYLOAD_MAX) return 'invalid';
  if (b.length < 9 + size) return null;
  const flags = b.readUInt32BE(4);
  const answer = flags & FENCE_REQUEST ? fenceMessage(flags & ~FENCE_REQUEST, b.subarray(9, 9 + size)) : null;
  return { length: 9 + size, answer };
}
