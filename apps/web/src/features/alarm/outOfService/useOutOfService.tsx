/**
 * Out of service for a rule or a device (issue 26): its plain status ("out of service until …",
 * with the reason), and the two steps — set (dialog with end time and reason) and end (asked
 * first) — each through its own call, then `after` (the caller reloads).
 */
import { useState } from 'react';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format';
import { useBusy } from '../../../shared/useBusy';
import { useConfirmAction } from '../../../shared/useConfirmAction';
import { OutOfServiceDialog, type OosTarget } from './OutOfServiceDialog';

/** What a rule or a device says of its service: out until `oos_until` (past or null: in service). */
export interface OosState {
  oos_until: number | null;
  oos_reason: string | null;
}

/** Whether the period still runs (the server leaves an ended one in place). */
export const isOutOfService = (s: OosState): boolean =>
  s.oos_until !== null && s.oos_until * 1000 > Date.now();

/** "Out of service until …" with the reason beside it (inline) or below (block); nothing in service. */
export function OosMark({ state, testId, block }: { state: OosState; testId: string; block?: boolean }) {
  const { t } = useTranslation('alarm');
  if (!isOutOfService(state)) return null;
  const mark = (
    <Tag color="purple" data-testid={testId} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
      {t('outOfService.until', { time: formatTime(state.oos_until) })}
    </Tag>
  );
  return block ? (
    <Space orientation="vertical" size={2}>
      {mark}
      <Typography.Text type="secondary" data-testid={`${testId}-reason`}>
        {t('outOfService.reasonText', { reason: state.oos_reason ?? '' })}
      </Typography.Text>
    </Space>
  ) : (
    <Tooltip title={t('outOfService.reasonText', { reason: state.oos_reason ?? '' })}>{mark}</Tooltip>
  );
}

/** setRuleOutOfService or setDeviceOutOfService; failures are toasted here (`handleError`). */
type OosCall = (
  id: number,
  until: number | null,
  reason: string,
  options: { handleError: true },
) => Promise<unknown>;

const quiet = { handleError: true } as const;

export function useOutOfService(call: OosCall, after: () => unknown) {
  const { t } = useTranslation('alarm');
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const { busy, run } = useBusy<'set'>();
  const [target, setTarget] = useState<OosTarget | null>(null);

  const submit = (to: OosTarget, until: number, reason: string) =>
    void run('set', async () => {
      await call(to.id, until, reason, quiet);
      setTarget(null);
      void message.success(t('outOfService.setDone', { time: formatTime(until) }));
      await after();
    });

  const end = (to: OosTarget) =>
    confirm({
      title: t('outOfService.endTitle'),
      content: t(`outOfService.endContent.${to.kind}`, { name: to.name }),
      danger: false,
      call: () => call(to.id, null, '', quiet),
      doneText: t('outOfService.endDone'),
      after,
    });

  /** The status and, for who may change it, the button that sets or ends the period. */
  const control = (to: OosTarget, state: OosState, editable: boolean, block = false) => {
    const out = isOutOfService(state);
    const testId = `oos-${to.kind}-${to.id}`;
    return (
      <Space size={4} wrap orientation={block ? 'vertical' : 'horizontal'} align="start">
        {out ? (
          <OosMark state={state} testId={`${testId}-mark`} block={block} />
        ) : (
          <Typography.Text type="secondary" data-testid={`${testId}-in`}>
            {t('outOfService.inService')}
          </Typography.Text>
        )}
        {editable && (
          <Button
            size="small"
            type={out ? 'primary' : 'default'}
            onClick={() => (out ? end(to) : setTarget(to))}
            data-testid={`${testId}-${out ? 'end' : 'set'}`}
          >
            {t(out ? 'outOfService.end' : 'outOfService.set')}
          </Button>
        )}
      </Space>
    );
  };

  const dialog = (
    <OutOfServiceDialog
      target={target}
      busy={busy === 'set'}
      onCancel={() => setTarget(null)}
      onSubmit={submit}
    />
  );
  return { control, dialog };
}
