/**
 * The live session's bar: the mode badge (view only is plain to see), elapsed and remaining time,
 * bytes used and traffic left as the relay reports them, the live frame rate and bitrate, and the
 * tools (low bandwidth, fit, full screen, end).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Flex, Space, Statistic, Switch, Tag, Tooltip } from 'antd';
import {
  CompressOutlined,
  ExpandOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  PoweroffOutlined,
} from '../../ui/icons';
import { useTranslation } from 'react-i18next';
import { formatSize } from '@hmi/contract';
import type { LiveState } from './useRemoteSession';
import { formatBitrate, type StreamRates } from './useStreamRates';

/** Seconds as m:ss, or h:mm:ss from an hour on. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** The time now, updated every second while mounted. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface RemoteToolbarProps {
  live: LiveState;
  rates: StreamRates;
  lowBandwidth: boolean;
  onLowBandwidth(on: boolean): void;
  waitingControl: boolean;
  fit: boolean;
  fullscreen: boolean;
  onFit(): void;
  onFullscreen(): void;
  onEnd(): void;
}

export function RemoteToolbar({
  live,
  rates,
  lowBandwidth,
  onLowBandwidth,
  waitingControl,
  fit,
  fullscreen,
  onFit,
  onFullscreen,
  onEnd,
}: RemoteToolbarProps) {
  const { t } = useTranslation('remote');
  const now = useNow();
  const figure = (key: string, title: string, value: ReactNode) => (
    <Statistic
      key={key}
      title={title}
      value={String(value)}
      styles={{ content: { fontSize: 16 } }}
      data-testid={`remote-${key}`}
    />
  );
  return (
    <Flex wrap gap={16} align="center" justify="space-between" data-testid="remote-toolbar">
      <Flex wrap gap={24} align="center">
        <Tag
          color={live.mode === 'view' ? 'orange' : 'blue'}
          data-testid="remote-mode"
          data-mode={live.mode}
          style={{ fontSize: 14, padding: '2px 10px' }}
        >
          {live.mode === 'view' ? t('status.viewOnly') : t('status.control')}
        </Tag>
        {figure('elapsed', t('status.elapsed'), formatDuration((now - live.startedAt) / 1000))}
        {figure('time-left', t('status.timeLeft'), formatDuration((live.endsAt - now) / 1000))}
        {figure('bytes', t('status.bytes'), formatSize(live.bytes))}
        {figure(
          'traffic',
          t('status.traffic'),
          live.remaining === null ? t('status.unmetered') : formatSize(live.remaining),
        )}
        {figure('fps', t('status.fps'), rates.fps.toFixed(rates.fps < 10 ? 1 : 0))}
        {figure('bitrate', t('status.bitrate'), formatBitrate(rates.bitsPerSecond))}
        {waitingControl && <Tag color="processing">{t('status.waitingControl')}</Tag>}
      </Flex>
      <Space wrap>
        <Tooltip title={t('tools.lowBandwidthHelp')}>
          <Space size={6}>
            <Switch
              size="small"
              checked={lowBandwidth}
              onChange={onLowBandwidth}
              aria-label={t('tools.lowBandwidth')}
              data-testid="remote-low-bandwidth"
            />
            {t('tools.lowBandwidth')}
          </Space>
        </Tooltip>
        <Tooltip title={fit ? t('tools.actualSize') : t('tools.fit')}>
          <Button
            icon={fit ? <ExpandOutlined /> : <CompressOutlined />}
            onClick={onFit}
            aria-label={fit ? t('tools.actualSize') : t('tools.fit')}
            data-testid="remote-fit"
          />
        </Tooltip>
        <Tooltip title={fullscreen ? t('tools.exitFullscreen') : t('tools.fullscreen')}>
          <Button
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={onFullscreen}
            aria-label={fullscreen ? t('tools.exitFullscreen') : t('tools.fullscreen')}
            data-testid="remote-fullscreen"
          />
        </Tooltip>
        <Button danger icon={<PoweroffOutlined />} onClick={onEnd} data-testid="remote-end">
          {t('tools.end')}
        </Button>
      </Space>
    </Flex>
  );
}
