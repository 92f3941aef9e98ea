import { DatabaseUnavailableError } from '../common/errors/errors';
import { withinDeadline } from './bound-statements';

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const failAfter = (ms: number, error: Error) =>
  new Promise<never>((_resolve, reject) => setTimeout(() => reject(error), ms));

describe(withinDeadline.name, () => {
  it.each([
    ['answers in time', () => after(5, 'rows'), 50, 'rows'],
    ['no bound (0)', () => after(30, 'rows'), 0, 'rows'],
  ])("%s: the work's value, and no cut", async (_name, work, ms, value) => {
    const onLate = jest.fn();
    await expect(withinDeadline(work(), ms, onLate)).resolves.toBe(value);
    expect(onLate).not.toHaveBeenCalled();
  });

  it("passes on the work's own failure", async () => {
    const failure = new Error('duplicate key');
    await expect(withinDeadline(failAfter(5, failure), 50, jest.fn())).rejects.toBe(failure);
  });

  it('answers DatabaseUnavailableError (503) once the bound passes, and cuts what the work holds', async () => {
    const onLate = jest.fn();
    const work = after(200, 'too late');
    await expect(withinDeadline(work, 20, onLate)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(onLate).toHaveBeenCalledTimes(1);
    await work;
  });
});
