import type { Socket } from 'node:net';
import { PAYLOAD_BYTES_MAX } from '@hmi/contract';

/**
 * Default largest MQTT packet (remaining length) the embedded broker takes: the largest payload the
 * server parses plus room for the topic, packet id and properties. Mosquitto: `max_packet_size`.
 */
export const MQTT_MAX_PACKET_DEFAULT = PAYLOAD_BYTES_MAX + 4096;

/**
 * Follows the MQTT framing of what a connection sends (type byte, remaining length, body) and calls
 * `tooLarge` the moment a fixed header announces more than `max` bytes, so an oversized packet is
 * refused after its first few bytes instead of being buffered whole by the parser.
 *
 * It listens to `data`, which a stream emits for each chunk its `readable` consumer (aedes) reads,
 * so it sees every byte before the parser does and never changes how the stream flows. Attach it
 * after aedes has taken the socket: a `data` listener added first would switch the socket to
 * flowing mode.
 */
export function watchPacketSizes(socket: Socket, max: number, tooLarge: (announced: number) => void): void {
  /** Body bytes of the current packet still to come. */
  let remaining = 0;
  let inHeader = false;
  let length = 0;
  let shift = 0;
  const onData = (chunk: Buffer) => {
    let i = 0;
    while (i < chunk.length) {
      if (remaining > 0) {
        const take = Math.min(remaining, chunk.length - i);
        remaining -= take;
        i += take;
        continue;
      }
      const byte = chunk[i++] ?? 0;
      if (!inHeader) {
        // The type byte of a new packet; its remaining length follows.
        inHeader = true;
        length = 0;
        shift = 0;
        continue;
      }
      length += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (byte & 0x80 && shift < 28) continue;
      inHeader = false;
      // A fifth length byte is malformed: treated as too large as well.
      if (byte & 0x80 || length > max) {
        socket.off('data', onData);
        tooLarge(byte & 0x80 ? Infinity : length);
        return;
      }
      remaining = length;
    }
  };
  socket.on('data', onData);
}
