import { notifications } from '@mantine/notifications';
import i18next from 'i18next';

// Read per notification: the language may change while the Studio is open.
const closeButtonProps = () => ({ 'aria-label': i18next.t('closeNotification') });

/** A result that went through (saved, deleted): a polite status that closes by itself. */
export function notifyDone(message: string): void {
  notifications.show({ message, color: 'green', role: 'status', closeButtonProps: closeButtonProps() });
}

/** A result that did not: an alert that stays until closed, since the user has to act on it. */
export function notifyFailed(what: string, reason: string): void {
  notifications.show({
    message: `${what}: ${reason}`,
    color: 'red',
    autoClose: false,
    closeButtonProps: closeButtonProps(),
  });
}
