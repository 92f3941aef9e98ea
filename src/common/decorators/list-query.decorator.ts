import { Inject, Injectable, PipeTransform, Query as QueryParams } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { parseQuery } from '../query/parse-query';
import type { Query } from '../query/query.types';

/** Runs parseQuery on the whole query string with the configured limits; bad input is INVALID_QUERY. */
@Injectable()
export class ListQueryPipe implements PipeTransform<Record<string, unknown>, Query> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  transform(raw: Record<string, unknown>): Query {
    const { access_token: _token, ...rest } = raw ?? {};
    return parseQuery(rest, this.config.query);
  }
}

/** The typed Query of a list or single-item endpoint (API.md 1.6). */
export const ListQuery = (): ParameterDecorator => QueryParams(ListQueryPipe);
