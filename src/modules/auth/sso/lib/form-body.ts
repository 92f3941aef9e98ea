import type { Request } from 'express';
import getRawBody from 'raw-body';
import { InvalidPayloadError } from '../../../../common/errors/errors';
import { bodyTooLarge } from '../../../../common/http/json-body';

/** A SAML response is a few kilobytes; an IdP that sends more than this is not one Vellum can trust to parse. */
const MAX_FORM_BYTES = 512 * 1024;

/** An `application/x-www-form-urlencoded` body (what a SAML HTTP-POST binding sends), which the JSON body parser leaves unread. */
export async function readForm(req: Request): Promise<URLSearchParams> {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
    throw new InvalidPayloadError('Expected an application/x-www-form-urlencoded body');
  }
  try {
    return new URLSearchParams(await getRawBody(req, { limit: MAX_FORM_BYTES, encoding: 'utf8' }));
  } catch (e) {
    if ((e as { type?: string }).type === 'entity.too.large') throw bodyTooLarge();
    throw new InvalidPayloadError(`Request body can't be read: ${(e as Error).message}`);
  }
}
