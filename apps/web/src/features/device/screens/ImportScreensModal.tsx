/**
 * The import wizard: choose the kind and the file, read it without saving (dry run) and look at the
 * report, map the variables no TAG matched by name, import. Refusals (2001 with the reason, 1006
 * with the field) are shown in the step that met them, translated.
 */
import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Modal, Result, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  getProject,
  type Binding,
  type CallResponse,
  type ImportReport,
  type ScreenSummary,
} from '@hmi/contract';
import { useCallQuery } from '../../../api/callQuery';
import { importScreens, type ScreenImport } from '../../../api/screens';
import { useBusy } from '../../../shared/useBusy';
import { fileToBase64 } from '../../../shared/xlsx';
import { modalDefaults } from '../../../ui/theme';
import { ImportFileStep, type PickedFile } from './ImportFileStep';
import { importRefusal, type ImportRefusal } from './importErrors';
import { ImportReportView } from './ImportReportView';
import type { ScreenOwner } from './owner';
import { TagMapStep, type MapChoice, type MemberDevice } from './TagMapStep';

type Step = 'file' | 'report' | 'map' | 'done';
const steps: Step[] = ['file', 'report', 'map', 'done'];
const quiet = { handleError: true } as const;
const firstPick: PickedFile = { kind: 'fuxa', file: null, name: '' };

/** The chosen bindings: a TAG (and, for a project, its device); rows left empty are not sent. */
function tagMapOf(owner: ScreenOwner, choices: Readonly<Record<string, MapChoice>>): Record<string, Binding> {
  const out: Record<string, Binding> = {};
  for (const [source, c] of Object.entries(choices)) {
    if (!c.tag) continue;
    if (owner.kind === 'template') out[source] = { tag: c.tag };
    else if (c.device_id !== undefined) out[source] = { device_id: c.device_id, tag: c.tag };
  }
  return out;
}

// Module-level: one function for every render, so the list keeps its identity between loads.
const memberDevices = (project: CallResponse<typeof getProject>): MemberDevice[] =>
  project.devices.map((d) => ({ id: d.id, name: d.name }));

export function ImportScreensModal({
  open,
  owner,
  onClose,
  onImported,
}: {
  open: boolean;
  owner: ScreenOwner;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation('screens');
  return (
    <Modal
      {...modalDefaults}
      open={open}
      width={900}
      title={t('import.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="screens-import-modal"
    >
      <ImportWizard owner={owner} onClose={onClose} onImported={onImported} />
    </Modal>
  );
}

function ImportWizard({
  owner,
  onClose,
  onImported,
}: {
  owner: ScreenOwner;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation('screens');
  const { message } = App.useApp();
  const { busy, run } = useBusy<'check' | 'import'>();
  const [step, setStep] = useState<Step>('file');
  const [picked, setPicked] = useState<PickedFile>(firstPick);
  const [content, setContent] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [choices, setChoices] = useState<Record<string, MapChoice>>({});
  const [created, setCreated] = useState<{ screens: ScreenSummary[]; report: ImportReport } | null>(null);
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);

  // A project's member devices (a template's have none to pick): quietly none on failure.
  const devices = useCallQuery(
    getProject,
    { params: { id: owner.id } },
    { enabled: owner.kind === 'project', handleError: true, select: memberDevices },
  );
  const deviceList = devices.data ?? [];
  const deviceName = (id: number) => deviceList.find((d) => d.id === id)?.name;
  // Variables to map: those matching no TAG, and those whose TAG cannot hold a value an item writes.
  const unfit = new Set(
    report?.screens.flatMap((s) => s.items.filter((i) => i.notes.includes('valueType')).map((i) => i.source)),
  );
  const unbound = report?.variables.filter((v) => v.binding === null || unfit.has(v.source)) ?? [];
  // A project variable naming a member device starts with that device chosen.
  const mapped: Record<string, MapChoice> = Object.fromEntries(
    unbound.map((v) => {
      const member = deviceList.find((d) => d.name === v.device);
      return [v.source, choices[v.source] ?? (member ? { device_id: member.id } : {})];
    }),
  );

  const pick = (next: PickedFile) => {
    setPicked(next);
    setContent(null);
    setRefusal(null);
  };

  const send = (base64: string, dry_run: boolean, tag_map: Record<string, Binding>) => {
    const name = picked.kind === 'svg' ? picked.name.trim() : '';
    const body: ScreenImport = {
      kind: picked.kind,
      ...(owner.kind === 'template' ? { template_id: owner.id } : { project_id: owner.id }),
      filename: picked.file?.name ?? '',
      ...(name ? { name } : {}),
      content_base64: base64,
      tag_map,
      dry_run,
    };
    return importScreens(body, quiet);
  };

  const refused = (error: unknown) => setRefusal(importRefusal(error, t));

  const check = () =>
    run(
      'check',
      async () => {
        if (!picked.file) return;
        setRefusal(null);
        const base64 = content ?? (await fileToBase64(picked.file));
        setContent(base64);
        const dry = await send(base64, true, {});
        setReport(dry.report);
        setChoices({});
        setStep('report');
      },
      refused,
    );

  const submit = () =>
    run(
      'import',
      async () => {
        if (!content) return;
        setRefusal(null);
        const done = await send(content, false, tagMapOf(owner, mapped));
        setCreated(done);
        setStep('done');
        void message.success(t('import.done', { count: done.screens.length }));
        onImported();
      },
      refused,
    );

  const back = (to: Step) => {
    setRefusal(null);
    setStep(to);
  };

  const submitButton = (
    <Button
      type="primary"
      loading={busy === 'import'}
      onClick={() => void submit()}
      data-testid="screens-import-submit"
    >
      {t('import.submit')}
    </Button>
  );
  const footer: Record<Step, ReactNode> = {
    file: (
      <>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          disabled={!picked.file}
          loading={busy === 'check'}
          onClick={() => void check()}
          data-testid="screens-import-check"
        >
          {t('import.check')}
        </Button>
      </>
    ),
    report: (
      <>
        <Button onClick={() => back('file')}>{t('import.back')}</Button>
        {unbound.length ? (
          <Button type="primary" onClick={() => back('map')} data-testid="screens-import-next">
            {t('import.next')}
          </Button>
        ) : (
          submitButton
        )}
      </>
    ),
    map: (
      <>
        <Button onClick={() => back('report')}>{t('import.back')}</Button>
        {submitButton}
      </>
    ),
    done: (
      <Button type="primary" onClick={onClose} data-testid="screens-import-close">
        {t('import.close')}
      </Button>
    ),
  };

  return (
    <>
      <Steps
        size="small"
        current={steps.indexOf(step)}
        items={steps.map((s) => ({ title: t(`import.steps.${s}`) }))}
        style={{ marginBottom: 20 }}
        // Titles under their numbers: four steps keep their words on a phone too.
        titlePlacement="vertical"
        responsive={false}
      />
      {step === 'file' && (
        <ImportFileStep
          value={picked}
          onChange={pick}
          onTooLarge={() => void message.error(t('validation:fileTooLarge'))}
        />
      )}
      {step === 'report' && report && <ImportReportView report={report} deviceName={deviceName} showHint />}
      {step === 'map' && (
        <TagMapStep
          owner={owner}
          variables={unbound}
          devices={deviceList}
          value={mapped}
          onChange={(source, choice) => setChoices((c) => ({ ...c, [source]: choice }))}
        />
      )}
      {step === 'done' && created && (
        <>
          <Result
            status="success"
            title={t('import.done', { count: created.screens.length })}
            subTitle={t('import.doneHint')}
            style={{ padding: '8px 0 16px' }}
            data-testid="screens-import-done"
          />
          <ImportReportView report={created.report} deviceName={deviceName} showHint={false} />
        </>
      )}
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={refusal.title}
          description={
            refusal.details.length ? (
              <Space orientation="vertical" size={0}>
                {refusal.details.map((d) => (
                  <Typography.Text key={d}>{d}</Typography.Text>
                ))}
              </Space>
            ) : undefined
          }
          data-testid="screens-import-refusal"
        />
      )}
      <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 20 }} wrap>
        {footer[step]}
      </Space>
    </>
  );
}
