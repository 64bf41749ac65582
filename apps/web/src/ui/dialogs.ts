/** Modal dialogs with the spec's sizes (confirm 416 wide, 100 px from the top) applied. */
import { App, type ModalFuncProps } from 'antd';
import { useMemo } from 'react';
import { confirmDefaults } from './theme';

export function useDialogs() {
  const { modal } = App.useApp();
  return useMemo(
    () => ({
      confirm: (props: ModalFuncProps) => modal.confirm({ ...confirmDefaults, ...props }),
      info: (props: ModalFuncProps) => modal.info({ ...confirmDefaults, ...props }),
      warning: (props: ModalFuncProps) => modal.warning({ ...confirmDefaults, ...props }),
      error: (props: ModalFuncProps) => modal.error({ ...confirmDefaults, ...props }),
    }),
    [modal],
  );
}
