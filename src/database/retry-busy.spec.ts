import { QueryFailedError } from 'typeorm';
import { DatabaseBusyError, InvalidPayloadError } from '../common/errors/errors';
import { retryWhenBusy } from './retry-busy';

const busy = new QueryFailedError('SELECT 1', [], Object.assign(new Error('deadlock detected'), { code: '40P01' }));
const other = new QueryFailedError('SELECT 1', [], Object.assign(new Error('syntax'), { code: '42601' }));
const dialect = {
  translateError: (e: QueryFailedError) =>
    (e.driverError as { code?: string }).code === '40P01' ? new DatabaseBusyError() : null,
};

/** A piece of work that fails with `failures` in turn, then answers 'done'; counts its runs. */
function flaky(failures: Error[]) {
  let runs = 0;
  return {
    runs: () => runs,
    work: async () => {
      const failure = failures[runs++];
      if (failure) throw failure;
      return 'done';
    },
  };
}

describe(retryWhenBusy.name, () => {
  it.each([
    ['succeeds at once', [], 'done', 1],
    ['retries a deadlock until it passes', [busy, busy], 'done', 3],
    ['gives up after four attempts with the deadlock', [busy, busy, busy, busy, busy], busy, 4],
    ['does not retry another database error', [other], other, 1],
    ['does not retry an error of the request', [new InvalidPayloadError('x')], InvalidPayloadError, 1],
  ])('%s', async (_label, failures, outcome, runs) => {
    const run = flaky(failures);
    const result = retryWhenBusy(dialect, run.work);
    if (outcome === 'done') await expect(result).resolves.toBe('done');
    else if (typeof outcome === 'function') await expect(result).rejects.toBeInstanceOf(outcome);
    else await expect(result).rejects.toBe(outcome);
    expect(run.runs()).toBe(runs);
  });
});
