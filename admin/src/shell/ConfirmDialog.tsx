import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/**
 * A confirmation that holds the focus until answered (Esc or Cancel closes it); a failed action keeps
 * it open with the reason, so the user knows nothing happened.
 */
export function ConfirmDialog({ title, children, confirmLabel, danger, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  async function confirm() {
    setBusy(true);
    setFailure(undefined);
    try {
      await onConfirm();
      onClose();
    } catch (e) {
      setFailure((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal opened onClose={onClose} title={title} trapFocus returnFocus closeButtonProps={{ 'aria-label': t('close') }}>
      {children}
      {failure && (
        <Text role="alert" c="red" size="sm" mt="sm">
          {failure}
        </Text>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} loading={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
