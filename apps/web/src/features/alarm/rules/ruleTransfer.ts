/** The .xlsx import and export of a template's alarm rules (the import answers what it did). */
import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_IMPORT_MAX_BYTES, importAlarmRules } from '@hmi/contract';
import { exportAlarmRules } from '../../../api/alarms';
import { useCallMutation } from '../../../api/callQuery';
import { exportExcel } from '../../../shared/exportExcel';
import { toastedByClient, type useBusy } from '../../../shared/useBusy';
import { fileToBase64 } from '../../../shared/xlsx';
import { RULES_CHANGED } from './changes';
import type { ImportResult } from './ImportResultModal';

type Run = ReturnType<typeof useBusy<'import' | 'export'>>['run'];

/**
 * Runs both as actions of the screen's `run` (its buttons spin, rival buttons wait); `afterImport`
 * once the imported rules and groups have reloaded.
 */
export function useRuleTransfer(templateId: number, run: Run, afterImport: () => void) {
  const { t } = useTranslation('alarm');
  const { message } = App.useApp();
  const [imported, setImported] = useState<ImportResult | null>(null);
  const importer = useCallMutation(importAlarmRules, { invalidates: RULES_CHANGED, handleError: true });

  const importFile = async (file: File) => {
    if (file.size > ALARM_IMPORT_MAX_BYTES) {
      void message.error(t('validation:fileTooLarge'));
      return;
    }
    await run('import', async () => {
      const content_base64 = await fileToBase64(file);
      setImported(
        await importer.mutateAsync({
          params: { id: templateId },
          body: { filename: file.name, content_base64 },
        }),
      );
      afterImport();
    });
  };

  const exportFile = () =>
    run('export', () => exportExcel(() => exportAlarmRules(templateId)), toastedByClient);

  return { importFile, exportFile, imported, closeImported: () => setImported(null) };
}
