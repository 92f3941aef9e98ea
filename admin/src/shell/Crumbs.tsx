import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Anchor.css';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { crumbsOf } from './crumbs';
import { useCollectionName } from './studio-data';

/** Where the page sits: section, collection, item; each step but the last leads back. */
export function Crumbs() {
  const { pathname } = useLocation();
  const trail = crumbsOf(pathname, useCollectionName());
  return (
    <nav aria-label="Breadcrumbs" style={{ minWidth: 0, overflow: 'hidden' }}>
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'nowrap' }}>
        {trail.map((c) =>
          c.to ? (
            <Anchor key={c.to} component={Link} to={c.to} size="sm" truncate>
              {c.label}
            </Anchor>
          ) : (
            <Text key="here" size="sm" fw={600} truncate aria-current="page">
              {c.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
