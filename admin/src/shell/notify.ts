import { notifications } from '@mantine/notifications';

const closeButtonProps = { 'aria-label': 'Close the notification' };

/** A result that went through (saved, deleted): a polite status that closes by itself. */
export function notifyDone(message: string): void {
  notifications.show({ message, color: 'green', role: 'status', closeButtonProps });
}

/** A result that did not: an alert that stays until closed, since the user has to act on it. */
export function notifyFailed(what: string, reason: string): void {
  notifications.show({ message: `${what}: ${reason}`, color: 'red', autoClose: false, closeButtonProps });
}
