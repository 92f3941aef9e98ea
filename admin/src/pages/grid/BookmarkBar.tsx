import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyDone, notifyFailed } from '../../shell/notify';
import type { Preset } from './grid-state';
import { useDeletePreset, useSavePreset } from './presets';

interface Props {
  collection: string;
  /** The bookmark open in the table, if any. */
  bookmark?: Preset;
  /** The current search, filter and layout as a bookmark's fields. */
  current: () => Partial<Preset>;
}

/** Saves the table as it stands under a name; on an open bookmark, also updates, renames or deletes it. */
export function BookmarkBar({ collection, bookmark, current }: Props) {
  const { t } = useTranslation('grid');
  const navigate = useNavigate();
  const save = useSavePreset();
  const remove = useDeletePreset();
  const [naming, setNaming] = useState<'new' | 'rename'>();
  const [name, setName] = useState('');
  function open(mode: 'new' | 'rename') {
    setName(mode === 'rename' ? (bookmark?.bookmark ?? '') : '');
    setNaming(mode);
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return;
    try {
      const saved = naming === 'rename' ? await save.mutateAsync({ id: bookmark?.id, bookmark: name.trim() }) : await save.mutateAsync({ ...current(), collection, bookmark: name.trim() });
      setNaming(undefined);
      notifyDone(t('bookmarkSaved', { name: saved.bookmark }));
      if (naming === 'new') navigate(`/content/${collection}?bookmark=${saved.id}`);
    } catch (err) {
      notifyFailed(t('bookmarkNotSaved'), (err as Error).message);
    }
  }
  async function update() {
    try {
      await save.mutateAsync({ ...current(), id: bookmark?.id });
      notifyDone(t('bookmarkSaved', { name: bookmark?.bookmark }));
    } catch (err) {
      notifyFailed(t('bookmarkNotSaved'), (err as Error).message);
    }
  }
  async function drop() {
    if (!bookmark?.id || !window.confirm(t('confirmDeleteBookmark', { name: bookmark.bookmark }))) return;
    try {
      await remove.mutateAsync(bookmark.id);
      notifyDone(t('bookmarkDeleted', { name: bookmark.bookmark }));
      navigate(`/content/${collection}`);
    } catch (err) {
      notifyFailed(t('bookmarkNotDeleted'), (err as Error).message);
    }
  }
  return (
    <div className="toolbar">
      {bookmark && <h2>{t('bookmarkTitle', { name: bookmark.bookmark })}</h2>}
      {naming ? (
        <form className="toolbar" onSubmit={submit}>
          <label>
            {t('bookmarkName')}
            <input value={name} required maxLength={255} autoFocus onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit">{naming === 'rename' ? t('rename') : t('saveBookmark')}</button>
          <button type="button" className="secondary" onClick={() => setNaming(undefined)}>
            {t('cancel')}
          </button>
        </form>
      ) : (
        <>
          <button type="button" className="secondary" onClick={() => open('new')}>
            {t('newBookmark')}
          </button>
          {bookmark && (
            <>
              <button type="button" className="secondary" onClick={update}>
                {t('updateBookmark')}
              </button>
              <button type="button" className="secondary" onClick={() => open('rename')}>
                {t('renameBookmark')}
              </button>
              <button type="button" className="danger" onClick={drop}>
                {t('deleteBookmark')}
              </button>
            </>
          )}
        </>
      )}
    </div>
  );
}
