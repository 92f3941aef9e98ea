import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Badge, Button, Drawer, SegmentedControl, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, apiBody } from '../api';
import { formatDateTime, formatNumber } from '../format';
import { notifyFailed } from './notify';

interface Notice {
  id: number;
  timestamp: string;
  subject: string;
  message: string | null;
  collection: string | null;
  item: string | null;
}

type Box = 'inbox' | 'archived';

/** The unread count, read out with its meaning ("3 unread"), shown as the number alone. */
function UnreadBadge({ count }: { count: number }) {
  const { t, i18n } = useTranslation('notifications');
  return (
    <Badge size="sm" circle>
      {formatNumber(count, i18n.language)}
      <VisuallyHidden> {t('unread')}</VisuallyHidden>
    </Badge>
  );
}

const filterMine = (userId: string) => `filter[recipient][_eq]=${encodeURIComponent(userId)}`;

/** How many notifications wait in the inbox, asked again every half minute. */
function useUnreadCount(userId: string) {
  const mine = filterMine(userId);
  return useQuery({
    queryKey: ['notifications', 'unread', userId],
    queryFn: async () =>
      (await apiBody<unknown[]>('GET', `/notifications?${mine}&filter[status][_eq]=inbox&limit=0&meta=filter_count`))
        .meta?.filter_count ?? 0,
    refetchInterval: 30_000,
  });
}

/** The box's notifications while the drawer is open, and moving some of them to a box. */
function useNotices(userId: string, box: Box, opened: boolean) {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const mine = filterMine(userId);
  const list = useQuery({
    queryKey: ['notifications', box, userId],
    queryFn: () =>
      api<Notice[]>(
        'GET',
        `/notifications?${mine}&filter[status][_eq]=${box}&sort=-id&limit=50&fields=id,timestamp,subject,message,collection,item`,
      ),
    enabled: opened,
  });
  async function move(keys: number[], status: Box) {
    try {
      await api('PATCH', '/notifications', { keys, data: { status } });
    } catch (e) {
      notifyFailed(t('moveFailed'), (e as Error).message);
    }
    await queryClient.invalidateQueries({ queryKey: ['notifications'] });
  }
  return { list, move };
}

/** The signed-in user's notifications: the unread count in the header, the list in a drawer, each archived or brought back. */
export default function Inbox({ userId }: { userId: string }) {
  const { t } = useTranslation('notifications');
  const [opened, setOpened] = useState(false);
  const [box, setBox] = useState<Box>('inbox');
  const unread = useUnreadCount(userId);
  const { list, move } = useNotices(userId, box, opened);
  const count = unread.data ?? 0;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => setOpened(true)}
        rightSection={count > 0 ? <UnreadBadge count={count} /> : undefined}
      >
        {t('title')}
      </Button>
      {/* Without a fade: the list is readable (and checked for contrast) as soon as it shows. */}
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        title={t('title')}
        trapFocus
        returnFocus
        transitionProps={{ duration: 0 }}
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <BoxSwitch box={box} onChange={setBox} />
        {list.error && <p role="alert">{list.error.message}</p>}
        {list.data?.length === 0 && <p>{t(box === 'inbox' ? 'emptyInbox' : 'emptyArchive')}</p>}
        {box === 'inbox' && (list.data?.length ?? 0) > 1 && (
          <ArchiveAll
            onArchive={() =>
              void move(
                list.data!.map((n) => n.id),
                'archived',
              )
            }
          />
        )}
        <ol className="sidebar-list" aria-label={t(box)}>
          {list.data?.map((n) => (
            <NoticeItem
              key={n.id}
              notice={n}
              box={box}
              onMove={(keys, status) => void move(keys, status)}
              onOpen={() => setOpened(false)}
            />
          ))}
        </ol>
      </Drawer>
    </>
  );
}

function BoxSwitch({ box, onChange }: { box: Box; onChange: (box: Box) => void }) {
  const { t } = useTranslation('notifications');
  return (
    <SegmentedControl
      fullWidth
      size="xs"
      value={box}
      onChange={onChange}
      data={[
        { value: 'inbox', label: t('inbox') },
        { value: 'archived', label: t('archived') },
      ]}
      aria-label={t('which')}
    />
  );
}

function ArchiveAll({ onArchive }: { onArchive: () => void }) {
  const { t } = useTranslation('notifications');
  return (
    <Button variant="default" size="xs" mt="sm" onClick={onArchive}>
      {t('archiveAll')}
    </Button>
  );
}

/** One notification: what it says, when, a link to its item, and the button that moves it to the other box. */
function NoticeItem({
  notice: n,
  box,
  onMove,
  onOpen,
}: {
  notice: Notice;
  box: Box;
  onMove: (keys: number[], status: Box) => void;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation('notifications');
  return (
    <li>
      <p>
        <strong>{n.subject}</strong>
        <br />
        <time dateTime={n.timestamp}>{formatDateTime(n.timestamp, i18n.language)}</time>
      </p>
      {n.message && <p className="comment-text">{n.message}</p>}
      <div className="toolbar">
        {n.collection && n.item && !n.collection.startsWith('svc_') && (
          <Link to={`/content/${n.collection}/${encodeURIComponent(n.item)}`} onClick={onOpen}>
            {t('openItem')}
          </Link>
        )}
        <button
          type="button"
          className="secondary"
          onClick={() => onMove([n.id], box === 'inbox' ? 'archived' : 'inbox')}
        >
          {t(box === 'inbox' ? 'archive' : 'unarchive', { subject: n.subject })}
        </button>
      </div>
    </li>
  );
}
