/**
 * What an operator does to alarm records: acknowledge (with a note), shelve (time and reason) and
 * unshelve, one record or the selected ones; the row's actions and the dialogs they open.
 */
import { useState, type ReactNode } from 'react';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmRecord } from '@hmi/contract';
import { acknowledgeAlarms, shelveAlarms, unshelveAlarms } from '../../../api/alarms';
import { useBusy } from '../../../shared/useBusy';
import { AckDialog, ShelveDialog } from './RecordDialogs';
import { isShelved } from './RecordMarks';

const quiet = { handleError: true } as const;

export function useRecordOperations(done: (ids: number[]) => Promise<void>) {
  const { t } = useTranslation('alarm');
  const { message } = App.useApp();
  const { busy, run } = useBusy<'ack' | 'shelve'>();
  const [acking, setAcking] = useState<number[]>([]);
  const [shelving, setShelving] = useState<number[]>([]);

  const acknowledge = (ids: number[], { note }: { note: string }) =>
    run('ack', async () => {
      const { acknowledged } = await acknowledgeAlarms(ids, note, quiet);
      void message.success(t('records.acknowledged', { count: acknowledged }));
      setAcking([]);
      await done(ids);
    });

  const shelve = (ids: number[], v: { minutes: number; reason: string }) =>
    run('shelve', async () => {
      const { shelved } = await shelveAlarms(ids, v.minutes, v.reason, quiet);
      void message.success(t('records.shelvedDone', { count: shelved }));
      setShelving([]);
      await done(ids);
    });

  const unshelve = (ids: number[]) =>
    run('shelve', async () => {
      const { unshelved } = await unshelveAlarms(ids, quiet);
      void message.success(t('records.unshelvedDone', { count: unshelved }));
      await done(ids);
    });

  /** The row's actions: acknowledge until acknowledged; shelve while active, unshelve while shelved. */
  const actions = (r: AlarmRecord): ReactNode => (
    <Space size={0} wrap>
      {r.response_at === null && (
        <Button
          type="link"
          size="small"
          onClick={() => setAcking([r.id])}
          data-testid={`alarm-record-ack-${r.id}`}
        >
          {t('records.acknowledge')}
        </Button>
      )}
      {isShelved(r) ? (
        <Button
          type="link"
          size="small"
          disabled={busy === 'shelve'}
          onClick={() => void unshelve([r.id])}
          data-testid={`alarm-record-unshelve-${r.id}`}
        >
          {t('records.unshelve')}
        </Button>
      ) : (
        r.recovery_at === null && (
          <Button
            type="link"
            size="small"
            onClick={() => setShelving([r.id])}
            data-testid={`alarm-record-shelve-${r.id}`}
          >
            {t('records.shelve')}
          </Button>
        )
      )}
    </Space>
  );

  const dialogs = (
    <>
      <AckDialog ids={acking} busy={busy === 'ack'} onCancel={() => setAcking([])} onSubmit={acknowledge} />
      <ShelveDialog
        ids={shelving}
        busy={busy === 'shelve'}
        onCancel={() => setShelving([])}
        onSubmit={shelve}
      />
    </>
  );

  return { actions, dialogs, busy, openAck: setAcking, openShelve: setShelving };
}
