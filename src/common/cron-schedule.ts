/** A five-field cron expression (minute hour day-of-month month day-of-week), as TUS_CLEANUP_SCHEDULE takes it. */
export interface CronSchedule {
  fields: Set<number>[];
  /** Both day fields restricted: cron then runs on a day matching either (`0 0 1 * 1`: the 1st and Mondays). */
  eitherDay: boolean;
}

const FIELDS: [min: number, max: number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

function parseField(text: string, [min, max]: [number, number]): Set<number> | null {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) return null;
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] !== undefined ? max : from;
    const step = match[4] !== undefined ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1) return null;
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

/** The schedule, or null when the text is not a five-field expression of numbers, `*`, ranges, lists and steps. */
export function parseCron(text: string): CronSchedule | null {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== FIELDS.length) return null;
  const fields = parts.map((part, i) => parseField(part, FIELDS[i]));
  if (fields.some((field) => field === null)) return null;
  const weekdays = fields[4]!;
  // Sunday is both 0 and 7.
  if (weekdays.has(7)) weekdays.add(0);
  return { fields: fields as Set<number>[], eitherDay: parts[2] !== '*' && parts[4] !== '*' };
}

/** Whether the minute of `date` (local time, as cron) is one the schedule names. */
export function cronMatches(schedule: CronSchedule, date: Date): boolean {
  const [minutes, hours, days, months, weekdays] = schedule.fields;
  const day = days.has(date.getDate());
  const weekday = weekdays.has(date.getDay());
  return (
    minutes.has(date.getMinutes()) &&
    hours.has(date.getHours()) &&
    months.has(date.getMonth() + 1) &&
    (schedule.eitherDay ? day || weekday : day && weekday)
  );
}
