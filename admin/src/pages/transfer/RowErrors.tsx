import { useTranslation } from 'react-i18next';
import type { ErrorEntry } from '../../api';

/** API.md 2.2 `extensions.rows`: consecutive lines as a range, the others listed. */
type RowsRef = { type: 'range'; start: number; end: number } | { type: 'lines'; rows: number[] };

function linesText(rows: unknown): string {
  if (!Array.isArray(rows)) return '';
  return (rows as RowsRef[])
    .map((ref) => (ref.type === 'range' ? `${ref.start}–${ref.end}` : ref.rows.join(', ')))
    .join(', ');
}

/** A value of the wrong type is refused as INVALID_PAYLOAD naming its field in the message only ('Field "pages" expects an integer'). */
function fieldOf(error: ErrorEntry): string {
  return error.extensions?.field ?? /\bField "([^"]+)"/.exec(error.message ?? '')?.[1] ?? '';
}

/**
 * Why an import was refused: one row per error the API answered (grouped by code and field, with the
 * lines of the file it happened on). Nothing was written, the import being all or nothing.
 */
export function RowErrors({ errors }: { errors: ErrorEntry[] }) {
  const { t } = useTranslation('transfer');
  return (
    <div role="alert">
      <p>{t('refused')}</p>
      <table>
        <caption>{t('errors')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lines')}</th>
            <th scope="col">{t('field')}</th>
            <th scope="col">{t('code')}</th>
            <th scope="col">{t('message')}</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e, i) => (
            <tr key={i}>
              <td>{linesText(e.extensions?.rows)}</td>
              <td>{fieldOf(e)}</td>
              <td>{e.extensions?.code ?? ''}</td>
              <td>{e.message ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
