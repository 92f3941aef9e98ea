import { useTranslation } from 'react-i18next';
import { CommentsPane } from './CommentsPane';
import { RevisionsPane } from './RevisionsPane';

interface Props {
  collection: string;
  item: string;
  current: Record<string, unknown>;
}

/** Beside a saved item: its history (revisions, with revert) and the conversation about it (comments). */
export default function ItemSidebar({ collection, item, current }: Props) {
  const { t } = useTranslation('sidebar');
  return (
    <aside className="item-sidebar" aria-label={t('label')}>
      <section aria-labelledby="sidebar-revisions">
        <h2 id="sidebar-revisions">{t('revisions')}</h2>
        <RevisionsPane collection={collection} item={item} current={current} />
      </section>
      <section aria-labelledby="sidebar-comments">
        <h2 id="sidebar-comments">{t('comments')}</h2>
        <CommentsPane collection={collection} item={item} />
      </section>
    </aside>
  );
}
