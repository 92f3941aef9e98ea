import { useMemo } from 'react';
import { ChangeKind, groupPlan, PlanGroup, SchemaDiff, showValue } from '../../schema-plan';

const LABEL: Record<ChangeKind, string> = { created: 'created', changed: 'changed', deleted: 'deleted' };

/** The difference as a readable plan: one group per collection, what happens to it, its fields and relations. */
export function PlanView({ diff }: { diff: SchemaDiff }) {
  const groups = useMemo(() => groupPlan(diff), [diff]);
  const count = (kind: ChangeKind) => groups.filter((g) => g.kind === kind).length;
  return (
    <section aria-label="Differences">
      <h2>Differences</h2>
      <p role="status">
        {groups.length} collection(s) affected: {count('created')} created, {count('changed')} changed, {count('deleted')} deleted.
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
  return (
    <li className={`plan-${group.kind}`}>
      <details open={group.changes.length <= 5}>
        <summary>
          <strong>{group.collection}</strong> — {LABEL[group.kind]} ({group.changes.length} change{group.changes.length === 1 ? '' : 's'})
        </summary>
        <ul>
          {group.changes.map((change, i) => (
            <li key={i}>
              {change.subject} {LABEL[change.kind]}
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
