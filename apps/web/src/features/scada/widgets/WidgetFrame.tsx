/**
 * One widget on the stage: placed in screen pixels, greyed while its device is offline, with the
 * feedback of its last write. Memoised: it renders again only when its own value (inside), its
 * device's online state or its write feedback changes.
 */
import { memo } from 'react';
import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '../../../ui/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScreenAsset, Widget } from '@hmi/contract';
import { useCommandErrorText } from '../../../live/commandErrors';
import { useBound, useFeedback, useScada } from '../context';
import { AlarmBannerWidget } from './AlarmBanner';
import { SelectWidget, SliderWidget } from './Choice';
import { ButtonWidget, InputWidget, SwitchWidget } from './Controls';
import { ImageWidget, PaintedWidgetBox, SymbolWidget, TextWidget } from './Display';
import { isPainted } from './paint';
import { TrendWidget } from './Trend';

interface BodyProps {
  w: Widget;
  assets: Record<string, ScreenAsset>;
  offline: boolean;
  order: number;
}

function Body({ w, assets, offline, order }: BodyProps) {
  if (isPainted(w)) return <PaintedWidgetBox w={w} offline={offline} order={order} />;
  switch (w.type) {
    case 'text':
      return <TextWidget w={w} />;
    case 'button':
      return <ButtonWidget w={w} />;
    case 'switch':
      return <SwitchWidget w={w} />;
    case 'input':
      return <InputWidget w={w} />;
    case 'trend':
      return <TrendWidget w={w} />;
    case 'alarm_banner':
      return <AlarmBannerWidget w={w} />;
    case 'image':
      return <ImageWidget w={w} assets={assets} />;
    case 'select':
      return <SelectWidget w={w} />;
    case 'slider':
      return <SliderWidget w={w} />;
    case 'symbol':
      return <SymbolWidget w={w} />;
  }
}

const CONTROLS = new Set<Widget['type']>(['button', 'switch', 'input', 'select', 'slider']);

function FeedbackMark({ id }: { id: string }) {
  const { t } = useTranslation('scada');
  const feedback = useFeedback(id);
  const errorText = useCommandErrorText();
  if (!feedback) return null;
  const reason = feedback.error === null ? t('write.noReason') : errorText(feedback.error);
  const title = t(`write.${feedback.state}`, { reason });
  // The mark is the only sign of the write's outcome: it is named with the tooltip's text.
  const icon =
    feedback.state === 'pending' ? (
      <LoadingOutlined aria-label={title} />
    ) : feedback.state === 'done' ? (
      <CheckCircleFilled aria-label={title} style={{ color: '#52c41a' }} />
    ) : (
      <CloseCircleFilled aria-label={title} style={{ color: '#ff4d4f' }} />
    );
  return (
    <Tooltip title={title}>
      <span className="scada-feedback" data-testid={`scada-feedback-${id}`} data-state={feedback.state}>
        {icon}
      </span>
    </Tooltip>
  );
}

/** A display widget with an action (go to a screen, write): the whole box is the click target. */
function Clickable({ w, children }: { w: Widget; children: React.ReactNode }) {
  const { act } = useScada();
  const value = useBound(w.binding);
  return (
    <div className="scada-clickable" role="button" tabIndex={0} onClick={() => act(w, value)}>
      {children}
    </div>
  );
}

export const WidgetFrame = memo(function WidgetFrame({
  w,
  offline,
  assets,
  order,
}: {
  w: Widget;
  offline: boolean;
  assets: Record<string, ScreenAsset>;
  /** Its place in the screen's list: painted widgets that overlap are drawn in this order. */
  order: number;
}) {
  const body = <Body w={w} assets={assets} offline={offline} order={order} />;
  return (
    <div
      className={`scada-widget${offline ? ' scada-offline' : ''}`}
      data-testid={`scada-widget-${w.id}`}
      data-offline={offline}
      style={{ left: w.x, top: w.y, width: w.w, height: w.h }}
    >
      {w.action && !CONTROLS.has(w.type) ? <Clickable w={w}>{body}</Clickable> : body}
      <FeedbackMark id={w.id} />
    </div>
  );
});
