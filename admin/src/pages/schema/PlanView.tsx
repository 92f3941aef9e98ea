import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeKind, groupPlan, PlanGroup, SchemaDiff, showValue } from '../../schema-plan';

/** The difference as a readable plan: one group per collection, what happens to it, its fields and relations. */
export function PlanView({ diff }: { diff: SchemaDiff }) {
  const { t } = useTranslation('schema', { keyPrefix: 'planView' });
  const groups = useMemo(() => groupPlan(diff), [diff]);
  const count = (kind: ChangeKind) => groups.filter((g) => g.kind === kind).length;
  return (
    <section aria-label={t('differences')}>
      <h2>{t('differences')}</h2>
      <p role="status">
        {t('affected', {
          groups: groups.length,
          created: count('created'),
          changed: count('changed'),
          deleted: count('deleted'),
        })}
      </p>
      <ul className="plan">
        {groups.map((group) => (
          <Group key={group.collection} group={group} />
        ))}
      </ul>
    </section>
  );
}

function Group({ group }: { group: PlanGroup }) {
  const { t } = useTranslation('schema', { keyPrefix: 'planView' });
  return (
    <li className={`plan-${group.kind}`}>
      <details open={group.changes.length <= 5}>
        <summary>
          <strong>{group.collection}</strong> — {t(`kind.${group.kind}`)}{' '}
          {t('groupChanges', { count: group.changes.length })}
        </summary>
        <ul>
          {group.changes.map((change, i) => (
            <li key={i}>
              {t(`subject.${change.subject}`, { name: change.name })} {t(`kind.${change.kind}`)}
              {change.properties.length > 0 && (
                <ul>
                  {change.properties.map((p) => (
                    <li key={p.property}>
                      <code>{p.property}</code>: {showValue(p.from)} → {showValue(p.to)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
