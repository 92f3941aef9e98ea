import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import { Modal } from '@mantine/core';
import { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** A dialog of the relational inputs: focus trapped inside, Esc or the close button closes it, focus goes back where it was. */
export function RelationDialog({ opened, title, onClose, children }: Props) {
  const { t } = useTranslation('relations');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
      transitionProps={{ duration: 0 }}
    >
      {children}
    </Modal>
  );
}
