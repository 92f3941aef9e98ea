import { InvalidPayloadError } from '../../../common/errors/errors';

/**
 * The writes one mutation may make (MAX_BATCH_MUTATION), as the reference counts them: every item it
 * names and every nested create, update and delete it leads to. Going over fails the whole mutation.
 */
export class MutationBudget {
  private spent = 0;

  constructor(private readonly max: number | undefined) {}

  spend(count: number): void {
    this.spent += count;
    if (this.max !== undefined && this.spent > this.max)
      throw new InvalidPayloadError(`Exceeded max batch mutation limit of ${this.max}`);
  }
}
