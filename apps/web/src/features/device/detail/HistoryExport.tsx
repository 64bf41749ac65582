/**
 * The history panel's export: pick CSV or Excel, then the pages of the range are read one after the
 * other with a progress bar (cancellable) and the file is saved; a range longer than the row cap is
 * cut and the dialog says up to when.
 */
import { useRef, useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Radio, Typography } from 'antd';
import { DownloadOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import { HISTORY_EXPORT_ROWS_MAX } from '@hmi/contract';
import { getDeviceHistoryExport } from '../../../api/connectivity';
import { isCanceled } from '../../../api/errors';
import { errorText } from '../../../shared/errors';
import { downloadBlob } from '../../../shared/xlsx';
import {
  exportFilename,
  exportHistory,
  exportTime,
  type ExportFormat,
  type ExportProgress,
  type ExportResult,
} from './historyExport';

type State =
  | { step: 'pick' }
  | { step: 'running'; progress: ExportProgress }
  | { step: 'done'; result: ExportResult }
  | { step: 'failed'; message: string };

export function HistoryExport(props: {
  deviceId: number;
  tagId: number;
  tag: string;
  range: [number, number];
}) {
  const { t } = useTranslation('live');
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [state, setState] = useState<State>({ step: 'pick' });
  const abort = useRef<AbortController | null>(null);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'running', progress: { rows: 0, share: 0 } });
    const [from, to] = props.range;
    try {
      const result = await exportHistory({
        range: props.range,
        format,
        headings: {
          time: t('history.time'),
          value: t('history.value'),
          min: t('history.min'),
          max: t('history.max'),
          avg: t('history.avg'),
          count: t('history.export.count'),
        },
        fetchPage: (cursor) =>
          getDeviceHistoryExport(
            props.deviceId,
            { tag: props.tagId, from, to, ...(cursor ? { cursor } : {}) },
            { handleError: true, signal: controller.signal },
          ),
        onProgress: (progress) => setState({ step: 'running', progress }),
        signal: controller.signal,
      });
      downloadBlob(result.blob, exportFilename(props.tag, from, to, format));
      setState({ step: 'done', result });
    } catch (error) {
      if (controller.signal.aborted || isCanceled(error)) setState({ step: 'pick' });
      else setState({ step: 'failed', message: errorText(error) });
    } finally {
      abort.current = null;
    }
  };

  const close = () => {
    abort.current?.abort();
    setOpen(false);
    setState({ step: 'pick' });
  };
  const running = state.step === 'running';

  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => setOpen(true)} data-testid="history-export">
        {t('history.export.button')}
      </Button>
      <Modal
        open={open}
        title={t('history.export.title', { tag: props.tag })}
        onCancel={close}
        mask={{ closable: !running }}
        footer={
          <Flex justify="end" gap={8}>
            <Button onClick={close} data-testid="history-export-close">
              {running ? t('history.export.cancel') : t('history.export.close')}
            </Button>
            {state.step !== 'done' && (
              <Button
                type="primary"
                loading={running}
                onClick={() => void start()}
                data-testid="history-export-start"
              >
                {t('history.export.start')}
              </Button>
            )}
          </Flex>
        }
        data-testid="history-export-dialog"
      >
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            {t('history.export.range', { from: exportTime(props.range[0]), to: exportTime(props.range[1]) })}
          </Typography.Text>
          <Radio.Group
            value={format}
            disabled={running}
            onChange={(e) => setFormat(e.target.value as ExportFormat)}
            options={[
              { value: 'csv', label: t('history.export.csv') },
              { value: 'xlsx', label: t('history.export.xlsx') },
            ]}
            data-testid="history-export-format"
          />
          <Typography.Text type="secondary">
            {t('history.export.limit', { rows: HISTORY_EXPORT_ROWS_MAX.toLocaleString() })}
          </Typography.Text>
          {running && (
            <div data-testid="history-export-progress">
              <Progress percent={Math.floor(state.progress.share * 100)} />
              <Typography.Text>
                {t('history.export.read', { rows: state.progress.rows.toLocaleString() })}
              </Typography.Text>
            </div>
          )}
          {state.step === 'done' && (
            <Alert
              type={state.result.cutAt === null ? 'success' : 'warning'}
              data-testid="history-export-done"
              title={t('history.export.done', { rows: state.result.rows.toLocaleString() })}
              description={
                state.result.cutAt === null
                  ? undefined
                  : t('history.export.cut', {
                      rows: HISTORY_EXPORT_ROWS_MAX.toLocaleString(),
                      time: exportTime(state.result.cutAt),
                    })
              }
            />
          )}
          {state.step === 'failed' && (
            <Alert type="error" title={state.message} data-testid="history-export-failed" />
          )}
        </Flex>
      </Modal>
    </>
  );
}
