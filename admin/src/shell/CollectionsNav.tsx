import '@mantine/core/styles/NavLink.css';
import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useRelations, junctionsOf } from '../relations';
import { NavNode, navTree } from './nav-tree';
import { useCollectionName, useCollections } from './studio-data';

/** The collections in the navigation: grouped and ordered as their `meta` says, hidden ones and junctions left out. */
export function CollectionsNav({ onNavigate }: { onNavigate: () => void }) {
  const collections = useCollections();
  const relations = useRelations();
  const tree = navTree(collections.data ?? [], junctionsOf(relations.data ?? []));
  return (
    <nav aria-label="Collections">
      {tree.map((node) => (
        <Entry key={node.entry.collection} node={node} onNavigate={onNavigate} />
      ))}
    </nav>
  );
}

function Entry({ node, onNavigate }: { node: NavNode; onNavigate: () => void }) {
  const name = useCollectionName()(node.entry.collection);
  const { pathname } = useLocation();
  const path = `/content/${node.entry.collection}`;
  const children = node.children.map((child) => <Entry key={child.entry.collection} node={child} onNavigate={onNavigate} />);
  // A folder has no table: it only opens and closes its group.
  if (node.folder) {
    return (
      <NavLink component="button" type="button" label={name} defaultOpened childrenOffset="md">
        {children}
      </NavLink>
    );
  }
  const to = node.entry.meta?.singleton ? `${path}/singleton` : path;
  const active = pathname === path || pathname.startsWith(`${path}/`);
  return (
    <>
      <NavLink component={Link} to={to} label={name} active={active} onClick={onNavigate} aria-current={active ? 'page' : undefined} />
      {children.length > 0 && <div style={{ paddingLeft: 'var(--mantine-spacing-md)' }}>{children}</div>}
    </>
  );
}
