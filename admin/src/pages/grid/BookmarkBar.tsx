import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyDone, notifyFailed } from '../../shell/notify';
import { Preset, useDeletePreset, useSavePreset } from '../../shell/presets';

interface Props {
  collection: string;
  /** The bookmark open in the table, if any. */
  bookmark?: Preset;
  /** The current search, filter and layout as a bookmark's fields. */
  current: () => Partial<Preset>;
}

/** Saving, updating and deleting bookmarks, each reported either way; a new one opens once saved. */
function useBookmarkActions({ collection, bookmark, current }: Props) {
  const { t } = useTranslation('grid');
  const navigate = useNavigate();
  const save = useSavePreset();
  const remove = useDeletePreset();
  async function write(preset: Partial<Preset>): Promise<Preset | undefined> {
    try {
      const saved = await save.mutateAsync(preset);
      notifyDone(t('bookmarkSaved', { name: saved.bookmark }));
      return saved;
    } catch (err) {
      notifyFailed(t('bookmarkNotSaved'), (err as Error).message);
    }
  }
  return {
    create: async (name: string) => {
      const saved = await write({ ...current(), collection, bookmark: name });
      if (saved) void navigate(`/content/${collection}?bookmark=${saved.id}`);
      return Boolean(saved);
    },
    rename: async (name: string) => Boolean(await write({ id: bookmark?.id, bookmark: name })),
    update: () => write({ ...current(), id: bookmark?.id }),
    drop: async () => {
      if (!bookmark?.id || !window.confirm(t('confirmDeleteBookmark', { name: bookmark.bookmark }))) return;
      try {
        await remove.mutateAsync(bookmark.id);
        notifyDone(t('bookmarkDeleted', { name: bookmark.bookmark }));
        void navigate(`/content/${collection}`);
      } catch (err) {
        notifyFailed(t('bookmarkNotDeleted'), (err as Error).message);
      }
    },
  };
}

/** Saves the table as it stands under a name; on an open bookmark, also updates, renames or deletes it. */
export function BookmarkBar(props: Props) {
  const { t } = useTranslation('grid');
  const { bookmark } = props;
  const actions = useBookmarkActions(props);
  const [naming, setNaming] = useState<'new' | 'rename'>();
  if (naming) {
    const done = naming === 'rename' ? actions.rename : actions.create;
    return (
      <NameForm
        initial={naming === 'rename' ? (bookmark?.bookmark ?? '') : ''}
        submitLabel={naming === 'rename' ? t('rename') : t('saveBookmark')}
        onSubmit={async (name) => (await done(name)) && setNaming(undefined)}
        onCancel={() => setNaming(undefined)}
      />
    );
  }
  return (
    <div className="toolbar">
      {bookmark && <h2>{t('bookmarkTitle', { name: bookmark.bookmark })}</h2>}
      <button type="button" className="secondary" onClick={() => setNaming('new')}>
        {t('newBookmark')}
      </button>
      {bookmark && (
        <>
          <button type="button" className="secondary" onClick={() => void actions.update()}>
            {t('updateBookmark')}
          </button>
          <button type="button" className="secondary" onClick={() => setNaming('rename')}>
            {t('renameBookmark')}
          </button>
          <button type="button" className="danger" onClick={() => void actions.drop()}>
            {t('deleteBookmark')}
          </button>
        </>
      )}
    </div>
  );
}

interface NameFormProps {
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => unknown;
  onCancel: () => void;
}

/** A bookmark's name, asked in place: focused when it opens, sent trimmed, never empty. */
function NameForm({ initial, submitLabel, onSubmit, onCancel }: NameFormProps) {
  const { t } = useTranslation('grid');
  const [name, setName] = useState(initial);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (name.trim()) void onSubmit(name.trim());
  }
  return (
    <form className="toolbar" onSubmit={submit}>
      <label>
        {t('bookmarkName')}
        <input value={name} required maxLength={255} autoFocus onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="submit">{submitLabel}</button>
      <button type="button" className="secondary" onClick={onCancel}>
        {t('cancel')}
      </button>
    </form>
  );
}
