import type { SchemaApplyStep } from '../../../common/errors/errors';

/** What an apply that stopped half-way (its instance went away) left: the steps committed and the rest. */
export interface InterruptedApply {
  started_on: string;
  applied: SchemaApplyStep[];
  not_applied: SchemaApplyStep[];
}

export function interruptedApply(steps: SchemaApplyStep[], applied: number, startedOn: Date): InterruptedApply {
  return { started_on: startedOn.toISOString(), applied: steps.slice(0, applied), not_applied: steps.slice(applied) };
}

const name = (step: SchemaApplyStep) =>
  `${step.action} ${step.field ? `${step.collection}.${step.field}` : step.collection}`;

/** "2 of 5 steps (create_collection a, create_field a.b) were applied; not applied: …". */
export function describeInterrupted(run: InterruptedApply): string {
  const total = run.applied.length + run.not_applied.length;
  const applied = run.applied.length === 0 ? 'none of its' : `${run.applied.length} of ${total}`;
  const done = run.applied.length ? ` (${run.applied.map(name).join(', ')})` : '';
  const rest = run.not_applied.length ? `; not applied: ${run.not_applied.map(name).join(', ')}` : '';
  return `A schema apply started at ${run.started_on} stopped before it ended (its instance went away): ${applied} steps were applied${done}${rest}. The schema holds what was applied; make a new diff and apply that`;
}
