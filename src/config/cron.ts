/**
 * Cron expressions as the reference platform's schedules take them (METRICS_SCHEDULE): five fields
 * (minute hour day-of-month month day-of-week) or six with seconds first; each field `*`, a number, a
 * range `a-b`, a step `*\/n`, `a-b/n` or `a/n`, or a comma list of those; months and weekdays also by
 * their English three-letter names. Times are local, as in the reference.
 */
export interface CronSchedule {
  seconds: ReadonlySet<number>;
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  weekdays: ReadonlySet<number>;
  /** Standard cron: with both day fields restricted, a day matching either one runs. */
  anyDay: boolean;
}

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const FIELDS: Record<string, FieldSpec> = {
  second: { name: 'second', min: 0, max: 59 },
  minute: { name: 'minute', min: 0, max: 59 },
  hour: { name: 'hour', min: 0, max: 23 },
  day: { name: 'day of month', min: 1, max: 31 },
  month: {
    name: 'month',
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  },
  // 7 is Sunday too, as in most crons.
  weekday: { name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
};

/** Enough for several years of coarse steps: a schedule that never matches ends here. */
const MAX_STEPS = 100_000;

function value(text: string, spec: FieldSpec): number {
  const named = spec.names?.indexOf(text.toUpperCase()) ?? -1;
  const n = named >= 0 ? named + spec.min : /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= spec.min && n <= spec.max)) throw new Error(`"${text}" is no ${spec.name} (${spec.min}-${spec.max})`);
  return n;
}

function parseItem(item: string, spec: FieldSpec, into: Set<number>): void {
  const [range, stepText, extra] = item.split('/');
  const step = stepText === undefined ? 1 : Number(stepText);
  if (extra !== undefined || !Number.isInteger(step) || step < 1) throw new Error(`"${item}" has a bad step`);
  let from = spec.min;
  let to = spec.max;
  if (range !== '*') {
    const [a, b, more] = range.split('-');
    if (more !== undefined) throw new Error(`"${item}" is not a range`);
    from = value(a, spec);
    to = b !== undefined ? value(b, spec) : stepText === undefined ? from : spec.max;
    if (to < from) throw new Error(`"${item}" runs backwards`);
  }
  for (let n = from; n <= to; n += step) into.add(n);
}

function parseField(text: string, spec: FieldSpec): Set<number> {
  const values = new Set<number>();
  for (const item of text.split(',')) parseItem(item, spec, values);
  return values;
}

/** Throws an Error saying what is wrong with `expression`. */
export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5 && parts.length !== 6)
    throw new Error(`a cron expression has 5 or 6 fields, not ${parts.length}`);
  const [second, minute, hour, day, month, weekday] = parts.length === 6 ? parts : ['0', ...parts];
  const weekdays = parseField(weekday, FIELDS.weekday);
  if (weekdays.delete(7)) weekdays.add(0);
  const schedule: CronSchedule = {
    seconds: parseField(second, FIELDS.second),
    minutes: parseField(minute, FIELDS.minute),
    hours: parseField(hour, FIELDS.hour),
    days: parseField(day, FIELDS.day),
    months: parseField(month, FIELDS.month),
    weekdays,
    anyDay: day !== '*' && weekday !== '*',
  };
  nextRun(schedule, new Date());
  return schedule;
}

function dayMatches(s: CronSchedule, t: Date): boolean {
  const byDay = s.days.has(t.getDate());
  const byWeekday = s.weekdays.has(t.getDay());
  return s.anyDay ? byDay || byWeekday : byDay && byWeekday;
}

/** The first time after `after` (to the second) that `schedule` runs; throws if it never does. */
export function nextRun(s: CronSchedule, after: Date): Date {
  const t = new Date(after.getTime());
  t.setMilliseconds(0);
  t.setSeconds(t.getSeconds() + 1);
  for (let step = 0; step < MAX_STEPS; step++) {
    if (!s.months.has(t.getMonth() + 1)) {
      t.setMonth(t.getMonth() + 1, 1);
      t.setHours(0, 0, 0);
    } else if (!dayMatches(s, t)) {
      t.setDate(t.getDate() + 1);
      t.setHours(0, 0, 0);
    } else if (!s.hours.has(t.getHours())) {
      t.setHours(t.getHours() + 1, 0, 0);
    } else if (!s.minutes.has(t.getMinutes())) {
      t.setMinutes(t.getMinutes() + 1, 0);
    } else if (!s.seconds.has(t.getSeconds())) {
      t.setSeconds(t.getSeconds() + 1);
    } else {
      return t;
    }
  }
  throw new Error('the schedule never runs');
}

/** The problem with a schedule setting, prefixed with its name, or null when it parses. */
export function cronProblem(name: string, expression: string): string | null {
  try {
    parseCron(expression);
    return null;
  } catch (e) {
    return `${name}: ${(e as Error).message}`;
  }
}
