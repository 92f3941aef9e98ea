import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Anchor.css';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { crumbsOf } from './crumbs';
import { useCollectionName } from './studio-data';

/** Where the page sits: section, collection, item; each step but the last leads back. */
export function Crumbs() {
  const { pathname } = useLocation();
  const { t } = useTranslation('shell');
  // Section and entry labels are English keys of the shell's catalogue; collection names and keys are kept as they are.
  const trail = crumbsOf(pathname, useCollectionName()).map((c) => ({
    ...c,
    label: t(`labels.${c.label}`, { defaultValue: c.label }),
  }));
  return (
    <nav aria-label={t('breadcrumbs')} style={{ minWidth: 0, overflow: 'hidden' }}>
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
