import '@mantine/core/styles/NavLink.css';
import { NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Preset, usePresets } from './presets';
import { useRelations, junctionsOf } from '../relations';
import { NavNode, navTree } from './nav-tree';
import { useCollectionName, useCollections } from './studio-data';

/**
 * The collections in the navigation: grouped and ordered as their `meta` says, hidden ones and junctions
 * left out; the user's bookmarks of a collection are listed under it.
 */
export function CollectionsNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('nav');
  const collections = useCollections();
  const relations = useRelations();
  const presets = usePresets();
  const tree = navTree(collections.data ?? [], junctionsOf(relations.data ?? []));
  const bookmarks = (presets.data ?? []).filter((p) => p.bookmark !== null);
  return (
    <nav aria-label={t('collections')}>
      {tree.map((node) => (
        <Entry key={node.entry.collection} node={node} bookmarks={bookmarks} onNavigate={onNavigate} />
      ))}
    </nav>
  );
}

function Entry({ node, bookmarks, onNavigate }: { node: NavNode; bookmarks: Preset[]; onNavigate: () => void }) {
  const name = useCollectionName()(node.entry.collection);
  const { pathname, search } = useLocation();
  const path = `/content/${node.entry.collection}`;
  const children = node.children.map((child) => (
    <Entry key={child.entry.collection} node={child} bookmarks={bookmarks} onNavigate={onNavigate} />
  ));
  const own = bookmarks.filter((b) => b.collection === node.entry.collection);
  const bookmarkOpen = new URLSearchParams(search).get('bookmark');
  // A folder has no table: it only opens and closes its group.
  if (node.folder) {
    return (
      <NavLink component="button" type="button" label={name} defaultOpened childrenOffset="md">
        {children}
      </NavLink>
    );
  }
  const to = node.entry.meta?.singleton ? `${path}/singleton` : path;
  const here = pathname === path || pathname.startsWith(`${path}/`);
  const active = here && !bookmarkOpen;
  return (
    <>
      <NavLink
        component={Link}
        to={to}
        label={name}
        active={active}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
      />
      {own.length > 0 && (
        <ul className="nav-bookmarks" aria-label={name}>
          {own.map((b) => {
            const current = here && bookmarkOpen === String(b.id);
            return (
              <li key={b.id}>
                <NavLink
                  component={Link}
                  to={`${path}?bookmark=${b.id}`}
                  label={b.bookmark}
                  active={current}
                  onClick={onNavigate}
                  aria-current={current ? 'page' : undefined}
                />
              </li>
            );
          })}
        </ul>
      )}
      {children.length > 0 && <div style={{ paddingLeft: 'var(--mantine-spacing-md)' }}>{children}</div>}
    </>
  );
}
