import { useTranslation } from 'react-i18next';

/** Shows an API or network failure as a message with a retry, never a blank page. */
export function Failure({ error, retry }: { error: Error; retry: () => void }) {
  const { t } = useTranslation('grid');
  return (
    <div role="alert">
      <p>{error.message}</p>
      <button type="button" onClick={retry}>
        {t('retry')}
      </button>
    </div>
  );
}
