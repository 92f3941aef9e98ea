import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ReactNode, useState } from 'react';
import { api, ApiError } from '../../api';
import { Failure } from '../../shell/Failure';
import { RuleEditor } from './RuleEditor';
import { ACTIONS, Cell, FULL, Level, levelOf, Rule, useRules, writeCell } from './rules';

const LEVELS: Level[] = ['none', 'full', 'custom'];

type Message = { text: string; error: boolean };

/** The cell being edited, the last write's message, and writing a level chosen for a cell. */
function useCellWrites(policy: string) {
  const { t } = useTranslation('roles');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Cell>();
  const [message, setMessage] = useState<Message>();
  // The rules are read again before the editor closes and the message shows: until then the matrix would
  // show the level the cell had before the write.
  const done = async (cell: Cell, level: Level) => {
    await queryClient.invalidateQueries({ queryKey: ['permissions', policy] });
    setEditing(undefined);
    setMessage({
      text: t('cellSaved', {
        action: cell.action,
        collection: cell.collection,
        level: t(`levels.${level}`).toLowerCase(),
      }),
      error: false,
    });
  };
  async function choose(cell: Cell, level: Level) {
    setMessage(undefined);
    if (level === 'custom') return setEditing(cell);
    setEditing(undefined);
    await writeCell(cell, level === 'full' ? FULL : null).then(
      () => done(cell, level),
      (e: ApiError) => setMessage({ text: e.message, error: true }),
    );
  }
  return { editing, setEditing, message, choose, done };
}

/**
 * A policy's access per collection and action. No access and full access are written as soon as they are
 * chosen; custom opens an editor of the fields and the filter, written when it is saved.
 */
export function PermissionMatrix({ policy }: { policy: string }) {
  const { t } = useTranslation('roles');
  const collections = useQuery({
    queryKey: ['collections', 'all'],
    queryFn: () => api<{ collection: string }[]>('GET', '/collections'),
  });
  const rules = useRules(policy);
  const { editing, setEditing, message, choose, done } = useCellWrites(policy);
  if (collections.error) return <Failure error={collections.error} retry={() => void collections.refetch()} />;
  if (rules.error) return <Failure error={rules.error} retry={() => void rules.refetch()} />;
  if (!collections.data || !rules.data) return <p role="status">{t('common:loading')}</p>;
  const names = collections.data.map((c) => c.collection).sort();
  const table = (caption: string, list: string[]) => (
    <Matrix
      caption={caption}
      collections={list}
      policy={policy}
      rules={rules.data}
      editing={editing}
      onChoose={(cell, level) => void choose(cell, level)}
    >
      {editing && list.includes(editing.collection) && (
        <RuleEditor
          key={`${editing.collection}-${editing.action}`}
          cell={editing}
          onSaved={() => void done(editing, 'custom')}
          onCancel={() => setEditing(undefined)}
        />
      )}
    </Matrix>
  );
  return (
    <>
      {message && <p role={message.error ? 'alert' : 'status'}>{message.text}</p>}
      {table(
        t('permissions'),
        names.filter((n) => !n.startsWith('svc_')),
      )}
      {/* Listed after the content: granting e.g. svc_files to the public is rarer but legitimate. */}
      {table(
        t('systemCollections'),
        names.filter((n) => n.startsWith('svc_')),
      )}
    </>
  );
}

interface MatrixProps {
  caption: string;
  collections: string[];
  policy: string;
  rules: Rule[];
  editing?: Cell;
  onChoose: (cell: Cell, level: Level) => void;
  /** The editor of a custom cell of this table, shown under it. */
  children: ReactNode;
}

function Matrix({ caption, collections, policy, rules, editing, onChoose, children }: MatrixProps) {
  const { t } = useTranslation('roles');
  const isEditing = (cell: Cell) => editing?.collection === cell.collection && editing.action === cell.action;
  return (
    <>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('collection')}</th>
            {ACTIONS.map((a) => (
              <th key={a} scope="col">
                {a}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {collections.map((collection) => (
            <tr key={collection}>
              <th scope="row">{collection}</th>
              {ACTIONS.map((action) => {
                const cell: Cell = {
                  policy,
                  collection,
                  action,
                  rule: rules.find((r) => r.collection === collection && r.action === action),
                };
                return <LevelCell key={action} cell={cell} isEditing={isEditing(cell)} onChoose={onChoose} />;
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {children}
    </>
  );
}

interface LevelProps {
  cell: Cell;
  isEditing: boolean;
  onChoose: (cell: Cell, level: Level) => void;
}

/** A cell's level to choose, and for a custom one not being edited, a button to edit it. */
function LevelCell({ cell, isEditing, onChoose }: LevelProps) {
  const { t } = useTranslation('roles');
  const { action, collection } = cell;
  const level = isEditing ? 'custom' : levelOf(cell.rule);
  return (
    <td>
      <select
        aria-label={`${action} on ${collection}`}
        value={level}
        onChange={(e) => onChoose(cell, e.target.value as Level)}
      >
        {LEVELS.map((l) => (
          <option key={l} value={l}>
            {t(`levels.${l}`)}
          </option>
        ))}
      </select>
      {level === 'custom' && !isEditing && (
        <button
          type="button"
          className="secondary"
          aria-label={t('editCell', { action, collection })}
          onClick={() => onChoose(cell, 'custom')}
        >
          {t('edit')}
        </button>
      )}
    </td>
  );
}
