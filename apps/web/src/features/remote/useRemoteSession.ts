/**
 * One remote view's life on the page: open it (`POST /devices/:id/vnc`), join the relay socket,
 * follow its status (mode, bytes, traffic left, take-over requests, the idle warning) and keep why
 * and how it ended.
 * The socket is closed when the page goes away, which ends the session on the relay.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorCode, type VncEndReason, type VncMode, type VncServerMessage } from '@hmi/contract';
import { isApiError } from '../../api/errors';
import { openRemoteView, type OpenRemoteInput } from '../../api/remote';
import { session as browserSession } from '../../api/tokens';
import { openRemoteChannel, type ChannelEnd, type RemoteChannel, type SocketFactory } from './vncChannel';

export type Phase = 'setup' | 'opening' | 'connecting' | 'live' | 'ended';

export interface LiveState {
  mode: VncMode;
  /** Local clock (ms) when the relay joined the session, and when its maximum duration ends. */
  startedAt: number;
  endsAt: number;
  bytes: number;
  /** Traffic left for the device; null when not metered (billing off). */
  remaining: number | null;
  /** Local clock (ms) when the session ends for want of input; null while the user is active. */
  idleEndsAt: number | null;
}

export interface SessionEnd {
  reason: VncEndReason | null;
  bytes: number;
  durationS: number;
}

export interface RemoteSessionState {
  phase: Phase;
  /** Control was asked for while another user holds it (1205): watch or ask them. */
  held: boolean;
  /** A take-over was asked for; the holder has not answered yet. */
  waitingControl: boolean;
  channel: RemoteChannel | null;
  live: LiveState | null;
  /** Another user asks this session (holding control) to hand it over. */
  takeoverBy: string | null;
  end: SessionEnd | null;
}

export interface RemoteSessionEvents {
  onError(error: unknown): void;
  onControlGranted(): void;
  onControlRefused(): void;
}

const initial: RemoteSessionState = {
  phase: 'setup',
  held: false,
  waitingControl: false,
  channel: null,
  live: null,
  takeoverBy: null,
  end: null,
};

export function useRemoteSession(
  deviceId: number,
  socketUrl: string,
  events: RemoteSessionEvents,
  createSocket?: SocketFactory,
) {
  const [state, setState] = useState<RemoteSessionState>(initial);
  const channelRef = useRef<RemoteChannel | null>(null);
  const mounted = useRef(true);
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      channelRef.current?.close();
      channelRef.current = null;
    };
  }, []);

  const onStatus = useCallback((msg: VncServerMessage) => {
    if (msg.type === 'ready') {
      const now = Date.now();
      const live: LiveState = {
        mode: msg.mode,
        startedAt: now,
        endsAt: now + (msg.ends_at - msg.started_at) * 1000,
        bytes: 0,
        remaining: msg.remaining_bytes,
        idleEndsAt: null,
      };
      setState((s) => ({ ...s, phase: 'live', live }));
    } else if (msg.type === 'usage')
      setState((s) => ({
        ...s,
        live: s.live && { ...s.live, bytes: msg.bytes, remaining: msg.remaining_bytes },
      }));
    else if (msg.type === 'mode') {
      setState((s) => ({ ...s, waitingControl: false, live: s.live && { ...s.live, mode: msg.mode } }));
      if (msg.mode === 'control') eventsRef.current.onControlGranted();
    } else if (msg.type === 'takeover') setState((s) => ({ ...s, takeoverBy: msg.by }));
    else if (msg.type === 'idle') {
      const idleEndsAt = msg.ends_in_s === null ? null : Date.now() + msg.ends_in_s * 1000;
      setState((s) => ({ ...s, live: s.live && { ...s.live, idleEndsAt } }));
    } else if (msg.type === 'takeover_refused') {
      setState((s) => ({ ...s, waitingControl: false }));
      eventsRef.current.onControlRefused();
    }
  }, []);

  const onClosed = useCallback((end: ChannelEnd) => {
    channelRef.current = null;
    setState((s) => ({
      ...s,
      phase: 'ended',
      channel: null,
      takeoverBy: null,
      waitingControl: false,
      end: {
        reason: end.reason,
        bytes: end.bytes ?? s.live?.bytes ?? 0,
        durationS: end.durationS ?? (s.live ? Math.floor((Date.now() - s.live.startedAt) / 1000) : 0),
      },
    }));
  }, []);

  const open = useCallback(
    async (input: OpenRemoteInput) => {
      setState((s) => ({ ...s, phase: 'opening' }));
      try {
        const info = await openRemoteView(deviceId, input, { handleError: true });
        if (!mounted.current) return;
        const channel = openRemoteChannel(
          socketUrl,
          { token: browserSession.getToken() ?? '', session: info.session },
          { onStatus, onClosed },
          createSocket,
        );
        channelRef.current = channel;
        setState({
          ...initial,
          phase: 'connecting',
          channel,
          waitingControl: input.mode === 'control' && info.mode === 'view',
        });
      } catch (error) {
        if (!mounted.current) return;
        const held = isApiError(error) && error.code === ErrorCode.CONTROL_HELD;
        setState((s) => ({ ...s, phase: 'setup', held }));
        if (!held) eventsRef.current.onError(error);
      }
    },
    [deviceId, socketUrl, onStatus, onClosed, createSocket],
  );

  const end = useCallback(() => channelRef.current?.control({ type: 'end' }), []);

  const answerTakeover = useCallback((accept: boolean) => {
    channelRef.current?.control({ type: 'takeover_answer', accept });
    setState((s) => ({ ...s, takeoverBy: null }));
  }, []);

  const restart = useCallback(() => setState(initial), []);

  return { state, open, end, answerTakeover, restart };
}
