/** The first step of an import: what made the file, the file, and an SVG's screen name. */
import { Form, Input, Radio, Typography, Upload } from 'antd';
import { InboxOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import { SCREEN_IMPORT_MAX_BYTES } from '@hmi/contract';
import { SvgAttributeHelp } from './SvgAttributeHelp';

export type ImportKind = 'archive' | 'fuxa' | 'svg';
export const importKinds: ImportKind[] = ['fuxa', 'svg', 'archive'];

export interface PickedFile {
  kind: ImportKind;
  file: File | null;
  /** An SVG's screen name ('' for the file name). */
  name: string;
}

const accepts: Record<ImportKind, string> = {
  archive: '.zip,application/zip',
  fuxa: '.json,application/json',
  svg: '.svg,image/svg+xml',
};

const NAME_MAX = 64;
const MB = 1024 * 1024;

export function ImportFileStep({
  value,
  onChange,
  onTooLarge,
}: {
  value: PickedFile;
  onChange: (next: PickedFile) => void;
  onTooLarge: () => void;
}) {
  const { t } = useTranslation('screens');
  return (
    <Form layout="vertical" name="screenImport" component="div">
      <Form.Item label={t('import.kind')} extra={t(`import.kindHints.${value.kind}`)}>
        <Radio.Group
          value={value.kind}
          onChange={(e) => onChange({ ...value, kind: e.target.value as ImportKind, file: null })}
          data-testid="screens-import-kind"
        >
          {importKinds.map((k) => (
            <Radio.Button key={k} value={k}>
              {/* The input itself is hidden: the label is what a user clicks. */}
              <span data-testid={`screens-import-kind-${k}`}>{t(`import.kinds.${k}`)}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item>
        <Upload.Dragger
          accept={accepts[value.kind]}
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            if (file.size > SCREEN_IMPORT_MAX_BYTES) onTooLarge();
            else onChange({ ...value, file });
            return Upload.LIST_IGNORE;
          }}
          data-testid="screens-import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          {value.file ? (
            <Typography.Text strong data-testid="screens-import-chosen">
              {t('import.chosen', {
                name: value.file.name,
                size: Math.max(1, Math.round(value.file.size / 1024)),
              })}
            </Typography.Text>
          ) : (
            <p className="ant-upload-text">{t('import.pick')}</p>
          )}
          <p className="ant-upload-hint">{t('import.pickHint', { size: SCREEN_IMPORT_MAX_BYTES / MB })}</p>
        </Upload.Dragger>
      </Form.Item>
      {value.kind === 'svg' && (
        <>
          <Form.Item label={t('import.name')}>
            <Input
              value={value.name}
              maxLength={NAME_MAX}
              placeholder={t('import.namePlaceholder')}
              onChange={(e) => onChange({ ...value, name: e.target.value })}
              data-testid="screens-import-name"
            />
          </Form.Item>
          <SvgAttributeHelp />
        </>
      )}
    </Form>
  );
}
