import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { can, useAccess } from '../../access';
import { ExportPanel, ReadQuery } from './ExportPanel';
import { ImportPanel } from './ImportPanel';

interface Props {
  collection: string;
  query: ReadQuery;
  total: number | null;
}

/**
 * The Import and Export buttons of a collection's table and the panel each opens. A closed panel stays
 * mounted, so an import or export under way is still followed when it is opened again.
 */
export function Transfer({ collection, query, total }: Props) {
  const access = useAccess();
  const { t } = useTranslation('transfer');
  const [open, setOpen] = useState<'import' | 'export' | null>(null);
  // The API imports as upserts: both permissions are needed.
  const canImport = can(access.data, collection, 'create') && can(access.data, collection, 'update');
  const toggle = (panel: 'import' | 'export') => setOpen(open === panel ? null : panel);
  return (
    <>
      <div className="toolbar">
        {canImport && (
          <button
            type="button"
            className="secondary"
            aria-expanded={open === 'import'}
            onClick={() => toggle('import')}
          >
            {t('import')}
          </button>
        )}
        <button type="button" className="secondary" aria-expanded={open === 'export'} onClick={() => toggle('export')}>
          {t('export')}
        </button>
      </div>
      {canImport && (
        <div hidden={open !== 'import'}>
          <ImportPanel collection={collection} />
        </div>
      )}
      <div hidden={open !== 'export'}>
        <ExportPanel collection={collection} query={query} total={total} />
      </div>
    </>
  );
}
