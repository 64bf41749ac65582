import type { ReactNode } from 'react';
import { Form, Modal, type FormProps, type ModalProps } from 'antd';
import { modalDefaults } from '../ui/theme';
import { useDialogSave } from './useDialogSave';

type ModalPart = Pick<ModalProps, 'open' | 'title' | 'width' | 'okText' | 'cancelText' | 'styles'>;
type FormPart<V> = Pick<FormProps<V>, 'form' | 'name' | 'initialValues' | 'requiredMark' | 'onValuesChange'>;

export type FormModalProps<V, T> = ModalPart &
  FormPart<V> & {
    /** The save call; null while there is nothing to save (the dialog is closing). */
    save: ((values: V) => Promise<T>) | null;
    successText: string;
    /** Gets the saved object; the dialog closes right after. */
    onSaved?: (saved: T) => void;
    onClose: () => void;
    /** See `useDialogSave`; by default the translated error toast. */
    onError?: (error: unknown) => void;
    /** A view only: no OK button, every field disabled. */
    readOnly?: boolean;
    /**
     * What the fields are checked against is still loading (a rule's TAGs, say): OK waits, showing
     * it is busy, so the form is not refused for a choice it has not yet been told about.
     */
    pending?: boolean;
    children: ReactNode;
  };

/**
 * An add or edit dialog around a vertical form: OK submits the form, the dialog's fields are cleared
 * when it closes, and a successful save is toasted, told to the page and closes the dialog.
 */
export function FormModal<V, T>({
  width = modalDefaults.width,
  form,
  name,
  initialValues,
  requiredMark,
  onValuesChange,
  save,
  successText,
  onSaved,
  onClose,
  onError,
  readOnly,
  pending = false,
  children,
  ...modal
}: FormModalProps<V, T>) {
  const { saving, save: saveWith } = useDialogSave();
  const finish = (values: V) => {
    if (!save) return;
    void saveWith(
      () => save(values),
      successText,
      (saved) => {
        onSaved?.(saved);
        onClose();
      },
      onError,
    );
  };

  return (
    <Modal
      {...modalDefaults}
      {...modal}
      width={width}
      onCancel={onClose}
      confirmLoading={saving || pending}
      okButtonProps={{ htmlType: 'submit', style: readOnly ? { display: 'none' } : undefined }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<V>
          form={form}
          name={name}
          layout="vertical"
          requiredMark={requiredMark}
          clearOnDestroy
          disabled={readOnly}
          initialValues={initialValues}
          onValuesChange={onValuesChange}
          onFinish={finish}
        >
          {dom}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
