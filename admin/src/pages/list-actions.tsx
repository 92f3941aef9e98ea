import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { FormEvent, ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, ApiError } from '../api';

type Message = { text: string; error: boolean };

/** Deleting a row of a list once the reader confirms it, and what came of it as a message (roles, policies). */
export function useRemoval(namespace: 'roles' | 'policies') {
  const { t } = useTranslation(namespace);
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<Message>();
  async function remove(path: string, name: string, after?: () => unknown) {
    if (!window.confirm(t('deleteConfirm', { name }))) return;
    await api('DELETE', path).then(
      () => {
        setMessage({ text: t('deleted', { name }), error: false });
        void queryClient.invalidateQueries({ queryKey: [namespace] });
        after?.();
      },
      (e: ApiError) => setMessage({ text: e.message, error: true }),
    );
  }
  const shown = message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>;
  return { remove, message: shown };
}

interface CreateProps {
  namespace: 'roles' | 'policies';
  /** Creates the row from the form and answers its id. */
  create: (form: HTMLFormElement) => Promise<{ id: string }>;
  /** The flags the new row may be given, after its name and description. */
  children: ReactNode;
}

/** A new role or policy from its name and description, opened at once to go on with it. */
export function CreateForm({ namespace, create, children }: CreateProps) {
  const { t } = useTranslation(namespace);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await create(event.currentTarget).then(
      (row) => {
        void queryClient.invalidateQueries({ queryKey: [namespace] });
        void navigate(`/${namespace}/${row.id}`);
      },
      (e: ApiError) => setError(e.message),
    );
  }
  return (
    <form className="toolbar" onSubmit={(event) => void submit(event)} aria-label={t('create')}>
      <label>
        {t('newName')}
        <input name="name" required maxLength={100} />
      </label>
      <label>
        {t('newDescription')}
        <input name="description" />
      </label>
      {children}
      <button type="submit">{t('createButton')}</button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
