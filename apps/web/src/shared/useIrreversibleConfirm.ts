/**
 * A last question before an action that cannot be undone (TAG and card allocations): resolves when
 * the user confirms; rejects as cancelled (no toast, nothing sent) when they step back.
 */
import { useCallback } from 'react';
import { StringErrorCode } from '@hmi/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { useDialogs } from '../ui/dialogs';

export function useIrreversibleConfirm(): (content: string) => Promise<void> {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  return useCallback(
    (content: string) =>
      new Promise<void>((resolve, reject) => {
        dialogs.confirm({
          title: t('common.irreversibleTitle'),
          content,
          okText: t('common.irreversibleOk'),
          okButtonProps: { danger: true, 'data-testid': 'irreversible-ok' },
          cancelButtonProps: { 'data-testid': 'irreversible-cancel' },
          onOk: () => resolve(),
          onCancel: () => reject(new ApiError(StringErrorCode.ERR_CANCELED)),
        });
      }),
    [dialogs, t],
  );
}
