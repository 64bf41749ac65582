/**
 * The remote view of one HMI: the open form, then the HMI's screen through noVNC scaled to the
 * window (or full screen, or at its own size), the session's bar, the VNC password and take-over
 * prompts, and the end dialog. `socketUrl` is the relay's browser socket (the page derives it from
 * the data-centre host).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { App, Flex, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type RFB from '@novnc/novnc';
import { useErrorToast } from '../../shared/errors';
import { EndDialog } from './EndDialog';
import { IdleWarning } from './IdleWarning';
import { NoVncScreen } from './NoVncScreen';
import { OpenForm, type RemoteBlocker } from './OpenForm';
import { PasswordModal, TakeoverModal } from './Prompts';
import { RemoteToolbar } from './RemoteToolbar';
import { useRemoteSession } from './useRemoteSession';
import { useStreamRates } from './useStreamRates';
import type { SocketFactory } from './vncChannel';

export interface RemoteViewProps {
  deviceId: number;
  socketUrl: string;
  onBack(): void;
  /** What the device's state says will refuse an open (told before the user asks). */
  blockers?: readonly RemoteBlocker[];
  /** Tests: the relay socket's implementation. */
  createSocket?: SocketFactory;
}

/** Whether `ref`'s element is the document's full-screen element, and a switch for it. */
function useFullscreen(ref: RefObject<HTMLElement | null>): [boolean, () => void] {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const follow = () =>
      setOn(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, [ref]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void ref.current?.requestFullscreen?.();
  }, [ref]);
  return [on, toggle];
}

export function RemoteView({ deviceId, socketUrl, onBack, blockers, createSocket }: RemoteViewProps) {
  const { t } = useTranslation('remote');
  const { message } = App.useApp();
  const toastError = useErrorToast();
  const { state, open, end, answerTakeover, restart } = useRemoteSession(
    deviceId,
    socketUrl,
    {
      onError: toastError,
      onControlGranted: () => void message.success(t('takeover.granted')),
      onControlRefused: () => void message.info(t('takeover.refused')),
    },
    createSocket,
  );
  const rfbRef = useRef<RFB | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(true);
  const [lowBandwidth, setLowBandwidth] = useState(false);
  const [askPassword, setAskPassword] = useState(false);
  const [fullscreen, toggleFullscreen] = useFullscreen(frame);
  const { phase, live, channel } = state;
  const rates = useStreamRates(phase === 'live' ? channel : null);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {(phase === 'setup' || phase === 'opening') && (
        <OpenForm
          busy={phase === 'opening'}
          held={state.held}
          blockers={blockers}
          onOpen={(input) => void open(input)}
        />
      )}
      {phase === 'connecting' && (
        <Flex gap={12} align="center" style={{ minHeight: 120 }} data-testid="remote-connecting">
          <Spin />
          <Typography.Text>{t('status.connecting')}</Typography.Text>
        </Flex>
      )}
      {live && channel && phase === 'live' && (
        <div
          ref={frame}
          style={{
            display: 'flex',
            flexDirection: 'column',
            gap: fullscreen ? 8 : 16,
            // Full screen: the bar stays on top, the HMI's screen takes the rest.
            ...(fullscreen ? { height: '100vh', padding: 8, background: '#fff' } : {}),
          }}
        >
          <RemoteToolbar
            live={live}
            rates={rates}
            lowBandwidth={lowBandwidth}
            onLowBandwidth={setLowBandwidth}
            waitingControl={state.waitingControl}
            fit={fit}
            fullscreen={fullscreen}
            onFit={() => setFit((f) => !f)}
            onFullscreen={toggleFullscreen}
            onEnd={end}
          />
          {live.idleEndsAt !== null && <IdleWarning endsAt={live.idleEndsAt} />}
          <NoVncScreen
            channel={channel}
            viewOnly={live.mode === 'view'}
            fit={fit}
            lowBandwidth={lowBandwidth}
            rfbRef={rfbRef}
            onCredentialsRequired={() => setAskPassword(true)}
            onSecurityFailure={() => void message.error(t('password.failed'))}
            style={
              fullscreen
                ? { width: '100%', flex: 1, minHeight: 0 }
                : // The HMI's shape (800×480 for most) until the window is too short for it.
                  { width: '100%', aspectRatio: '5 / 3', maxHeight: 'calc(100vh - 260px)', minHeight: 160 }
            }
          />
        </div>
      )}
      <PasswordModal
        open={askPassword && phase === 'live'}
        onSubmit={(password) => {
          rfbRef.current?.sendCredentials({ password });
          setAskPassword(false);
        }}
      />
      <TakeoverModal by={state.takeoverBy} onAnswer={answerTakeover} />
      <EndDialog
        end={phase === 'ended' ? state.end : null}
        onBack={onBack}
        onAgain={() => {
          setAskPassword(false);
          restart();
        }}
      />
    </Space>
  );
}
