/** One template: its fields and its TAG table (edit, import and export as .xlsx). */
import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Result, Spin, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import {
  ErrorCode,
  getTemplate,
  getTemplateTags,
  importTemplateTags,
  Permission,
  putTemplateTags,
  TAG_IMPORT_MAX_BYTES,
  type CallResponse,
  type TagImportErrors,
} from '@hmi/contract';
import { useCallMutation, useCallQuery } from '../../../api/callQuery';
import { exportTemplateTags } from '../../../api/templates';
import { isApiError } from '../../../api/errors';
import { useDialogs } from '../../../ui/dialogs';
import { useCan } from '../../../shared/access';
import { useErrorToast } from '../../../shared/errors';
import { formatTime, orDash } from '../../../shared/format';
import { ExpiredNotice } from '../../../components/ExpiredMark';
import { TagTableEditor } from './TagTableEditor';
import { rowFromTag, rowToInput, type TagRow } from './tagRows';
import { base64ToBlob, downloadBlob, fileToBase64 } from '../../../shared/xlsx';
import { TEMPLATES_CHANGED } from '../common/changes';

/** The TAG table with the editor's rows made from it (once per answer: `select` keeps one identity). */
const withEditorRows = (tags: CallResponse<typeof getTemplateTags>) => ({
  tags,
  rows: tags.list.map(rowFromTag),
});

export function TemplateDrawer({ templateId, onClose }: { templateId: number | null; onClose: () => void }) {
  const { t } = useTranslation('template');
  const { message } = App.useApp();
  const dialogs = useDialogs();
  const fail = useErrorToast();
  const can = useCan();
  const [transfer, setTransfer] = useState<'import' | 'export' | null>(null);

  // While closing, the drawer keeps showing the template it had.
  const [shownId, setShownId] = useState(templateId);
  if (templateId !== null && templateId !== shownId) setShownId(templateId);

  // Both answers are cached per template; a template's drawer opened again shows them at once.
  const args = { params: { id: shownId ?? 0 } };
  const template = useCallQuery(getTemplate, args, { enabled: shownId !== null });
  const tags = useCallQuery(getTemplateTags, args, { enabled: shownId !== null, select: withEditorRows });
  const current =
    template.data && tags.data
      ? { template: template.data, tags: tags.data.tags, rows: tags.data.rows }
      : null;
  const loading = template.isLoading || tags.isLoading;
  // A template billing expired is read-only (the server refuses changes with 1033).
  const editable = can(Permission.TEMPLATE_EDIT) && current?.template.expired !== true;

  // A new TAG table raises the template's version: the list, this drawer and the pickers reload.
  const saver = useCallMutation(putTemplateTags, { invalidates: TEMPLATES_CHANGED, handleError: true });
  const importer = useCallMutation(importTemplateTags, { invalidates: TEMPLATES_CHANGED, handleError: true });

  const save = async (rows: TagRow[]) => {
    if (shownId === null) return;
    try {
      const result = await saver.mutateAsync({
        params: { id: shownId },
        body: { tags: rows.map(rowToInput) },
      });
      void message.success(t('tag.saved', { version: result.version }));
    } catch (error) {
      fail(error);
    }
  };

  const importFile = async (file: File) => {
    if (shownId === null) return;
    if (file.size > TAG_IMPORT_MAX_BYTES) {
      void message.error(t('validation:fileTooLarge'));
      return;
    }
    setTransfer('import');
    try {
      const content_base64 = await fileToBase64(file);
      const result = await importer.mutateAsync({
        params: { id: shownId },
        body: { filename: file.name, content_base64 },
      });
      void message.success(t('tag.imported', { count: result.total }));
    } catch (error) {
      const data = isApiError(error) ? (error.data as Partial<TagImportErrors> | null) : null;
      if (
        isApiError(error) &&
        error.code === ErrorCode.INPUT_PARAMETER &&
        data?.issue === 'fileRows' &&
        data.rows
      )
        dialogs.error({
          title: t('tag.importFailed'),
          content: (
            <ul
              style={{ paddingInlineStart: 18, maxHeight: 300, overflow: 'auto' }}
              data-testid="tag-import-errors"
            >
              {data.rows.slice(0, 50).map((r) => (
                <li key={`${r.row}-${r.field}`}>
                  {t('tag.importRowError', { row: r.row, field: r.field, issue: t(`validation:${r.issue}`) })}
                </li>
              ))}
            </ul>
          ),
        });
      else fail(error);
    } finally {
      setTransfer(null);
    }
  };

  const exportFile = async () => {
    if (shownId === null) return;
    setTransfer('export');
    try {
      const result = await exportTemplateTags(shownId);
      downloadBlob(base64ToBlob(result.content_base64), result.filename);
    } catch {
      // Translated toast from the client.
    } finally {
      setTransfer(null);
    }
  };

  const toolbar = (
    <>
      {editable && (
        <Upload
          accept=".xlsx"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void importFile(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={transfer === 'import'} data-testid="tag-import">
            {t('tag.import')}
          </Button>
        </Upload>
      )}
      <Button
        icon={<DownloadOutlined />}
        loading={transfer === 'export'}
        onClick={() => void exportFile()}
        data-testid="tag-export"
      >
        {t('tag.export')}
      </Button>
    </>
  );

  return (
    <Drawer
      open={templateId !== null}
      onClose={onClose}
      size="min(1400px, 96vw)"
      title={current ? t('drawer.title', { name: current.template.name }) : t('drawer.loading')}
      destroyOnHidden
      data-testid="template-drawer"
    >
      {!current ? (
        loading ? (
          <Spin spinning style={{ display: 'block', padding: 48 }} />
        ) : (
          <Result status="404" title={t('drawer.notFound')} />
        )
      ) : (
        <>
          {current.template.expired && <ExpiredNotice kind="template" />}
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2, xl: 4 }}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'name', label: t('field.name'), children: current.template.name },
              { key: 'model', label: t('field.hmiModel'), children: current.template.hmi_model },
              { key: 'version', label: t('field.version'), children: current.template.version },
              { key: 'devices', label: t('field.deviceCount'), children: current.template.device_count },
              { key: 'firmware', label: t('field.firmware'), children: orDash(current.template.firmware) },
              { key: 'recipe', label: t('field.recipe'), children: orDash(current.template.recipe) },
              {
                key: 'created',
                label: t('field.createdAt'),
                children: formatTime(current.template.created_at),
              },
              {
                key: 'updated',
                label: t('field.updatedAt'),
                children: formatTime(current.template.updated_at),
              },
            ]}
          />
          <TagTableEditor
            key={`${current.template.id}-${current.tags.version}`}
            initial={current.rows}
            editable={editable}
            saving={saver.isPending}
            onSave={(rows) => void save(rows)}
            toolbar={toolbar}
          />
        </>
      )}
    </Drawer>
  );
}
