import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormEvent, RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { formatDateTime, personName, type PersonName } from '../../format';
import { commentSegments, insertMention, mentionAt, type MentionDraft } from '../../mentions';
import { notifyFailed } from '../../shell/notify';

interface Comment {
  id: string | number;
  comment: string;
  date_created: string;
  user_created: (PersonName & { id: string }) | null;
}

type Person = PersonName & { id: string };

const PEOPLE_FIELDS = 'id,first_name,last_name,email';

/** Everyone the reader may see, to show mentions as names; a reader who may list nobody sees "unknown user". */
function usePeople() {
  return useQuery({
    queryKey: ['people'],
    queryFn: () => api<Person[]>('GET', `/users?fields=${PEOPLE_FIELDS}&limit=200`).catch(() => []),
    staleTime: 60_000,
  });
}

/** The comments on an item, oldest first, and a box to add one; `@` and a name mentions someone, who is then notified. */
export function CommentsPane({ collection, item }: { collection: string; item: string }) {
  const { t, i18n } = useTranslation('sidebar');
  const queryKey = ['comments', collection, item];
  const comments = useQuery({
    queryKey,
    queryFn: () =>
      api<Comment[]>(
        'GET',
        `/comments?filter[collection][_eq]=${encodeURIComponent(collection)}&filter[item][_eq]=${encodeURIComponent(item)}&sort=date_created&limit=100&fields=id,comment,date_created,user_created.${PEOPLE_FIELDS.replace(/,/g, ',user_created.')}`,
      ),
  });
  const people = usePeople();
  const nameOf = (id: string) =>
    personName(people.data?.find((p) => p.id.toLowerCase() === id)) ?? t('common:unknownUser');
  return (
    <>
      {comments.error && <p role="alert">{comments.error.message}</p>}
      {comments.data?.length === 0 && <p>{t('noComments')}</p>}
      <ol className="sidebar-list">
        {comments.data?.map((c) => (
          <li key={c.id}>
            <p>
              <strong>{personName(c.user_created) ?? t('common:unknownUser')}</strong>{' '}
              <time dateTime={c.date_created}>{formatDateTime(c.date_created, i18n.language)}</time>
            </p>
            <p className="comment-text">
              {commentSegments(c.comment).map((s, i) =>
                'user' in s ? (
                  <mark key={i} className="mention">
                    @{nameOf(s.user)}
                  </mark>
                ) : (
                  <span key={i}>{s.text}</span>
                ),
              )}
            </p>
          </li>
        ))}
      </ol>
      <CommentBox collection={collection} item={item} people={people.data ?? []} />
    </>
  );
}

function CommentBox({ collection, item, people }: { collection: string; item: string; people: Person[] }) {
  const { t } = useTranslation('sidebar');
  const queryClient = useQueryClient();
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<MentionDraft | null>(null);
  const [caret, setCaret] = useState(0);
  const placeCaret = useCaretOnRender(box, text);
  const matches = draft
    ? people.filter((p) => (personName(p) ?? '').toLowerCase().includes(draft.query.toLowerCase())).slice(0, 5)
    : [];
  function typed(value: string, at: number) {
    setText(value);
    setCaret(at);
    setDraft(mentionAt(value, at));
  }
  function mention(person: Person) {
    const next = insertMention(text, draft!, caret, person.id);
    typed(next.text, next.caret);
    setDraft(null);
    placeCaret(next.caret);
    box.current?.focus();
  }
  async function post(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    try {
      await api('POST', '/comments', { collection, item, comment: text });
      typed('', 0);
      await queryClient.invalidateQueries({ queryKey: ['comments', collection, item] });
    } catch (e) {
      notifyFailed(t('commentFailed'), (e as Error).message);
    }
  }
  return (
    <form onSubmit={(event) => void post(event)} aria-label={t('newComment')}>
      {/* Outside the label: a wrapped field's text would become part of its name. */}
      <label htmlFor={id}>{t('comment')}</label>
      <textarea
        id={id}
        ref={box}
        rows={3}
        value={text}
        aria-describedby={`${id}-hint`}
        onChange={(e) => typed(e.target.value, e.target.selectionStart)}
      />
      <p id={`${id}-hint`} className="hint">
        {t('mentionHint')}
      </p>
      {matches.length > 0 && <MentionChoices people={matches} onChoose={mention} />}
      <button type="submit" disabled={!text.trim()}>
        {t('post')}
      </button>
    </form>
  );
}

/**
 * Places the caret where it was last asked to go as soon as `text` is on screen, before the browser handles the
 * next key: nothing typed right after choosing a person lands before the mention or outside the box.
 */
function useCaretOnRender(box: RefObject<HTMLTextAreaElement | null>, text: string): (offset: number) => void {
  const pending = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (pending.current === null) return;
    box.current?.setSelectionRange(pending.current, pending.current);
    pending.current = null;
  }, [box, text]);
  return (offset) => {
    pending.current = offset;
  };
}

function MentionChoices({ people, onChoose }: { people: Person[]; onChoose: (person: Person) => void }) {
  const { t } = useTranslation('sidebar');
  return (
    <ul className="choices" aria-label={t('mentionChoices')}>
      {people.map((p) => (
        <li key={p.id}>
          <button type="button" className="secondary" onClick={() => onChoose(p)}>
            {t('mention', { name: personName(p) })}
          </button>
        </li>
      ))}
    </ul>
  );
}
