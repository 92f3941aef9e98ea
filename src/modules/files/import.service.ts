import { Inject, Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';
import http, { IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Accountability } from '../../common/accountability';
import { AppError } from '../../common/errors/app-error';
import { ContentTooLargeError, InvalidPayloadError, ServiceUnavailableError } from '../../common/errors/errors';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { FilesService } from './files.service';
import { FileValues } from './lib/file-values';
import { formatTitle } from './lib/format-title';
import { buildDenyList, isDeniedAddress } from './lib/ip-deny';
import { bareType } from './lib/mime';

const MAX_REDIRECTS = 5;
/** Whole import, from the first connection to the last byte. */
const IMPORT_TIMEOUT_MS = 30_000;

function unavailable(reason: string): ServiceUnavailableError {
  return new ServiceUnavailableError('external-file', reason);
}

/**
 * `POST /files/import` (API.md 6.4): downloads a URL as a stream into a new file. Every address a
 * host name resolves to is checked against IMPORT_IP_DENY_LIST before connecting, on every redirect,
 * and the connection is pinned to the checked address so DNS cannot change the answer in between.
 */
@Injectable()
export class ImportService {
  private readonly denyList;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly files: FilesService,
  ) {
    const local = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((entry) => entry.address));
    this.denyList = buildDenyList(config.files.importIpDenyList, local);
  }

  async importUrl(url: string, values: FileValues, acc: Accountability): Promise<string> {
    await this.files.assertAllowed(acc, 'create');
    const deadline = Date.now() + IMPORT_TIMEOUT_MS;
    const { response, finalUrl } = await this.fetch(url, deadline);
    const declared = Number(response.headers['content-length']);
    const max = this.config.files.maxUploadSize;
    if (max !== undefined && Number.isFinite(declared) && declared > max) {
      response.destroy();
      throw new ContentTooLargeError();
    }
    const timer = setTimeout(
      () => response.destroy(unavailable('The download took too long')),
      Math.max(0, deadline - Date.now()),
    );
    try {
      const segment = finalUrl.pathname.split('/').filter(Boolean).pop() ?? '';
      let filename = segment;
      try {
        filename = decodeURIComponent(segment);
      } catch {
        // Keep the raw segment when it is not valid percent-encoding.
      }
      const stream = this.decode(response);
      // Errors before the upload starts reading are picked up from `stream.errored`; never crash on them.
      stream.on('error', () => undefined);
      const name = filename || finalUrl.hostname;
      // The reference platform titles an imported file with its extension (an upload drops it).
      const titled = { ...values, title: values.title ?? formatTitle(name, { keepExtension: true }) };
      return await this.files.upload(
        { stream, filename: name, type: bareType(response.headers['content-type']) },
        titled,
        acc,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  private decode(response: IncomingMessage): Readable {
    const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
    const decoder =
      encoding === 'gzip'
        ? createGunzip()
        : encoding === 'deflate'
          ? createInflate()
          : encoding === 'br'
            ? createBrotliDecompress()
            : null;
    if (!decoder) return response;
    response.on('error', (err) => decoder.destroy(err));
    return response.pipe(decoder);
  }

  private async fetch(raw: string, deadline: number): Promise<{ response: IncomingMessage; finalUrl: URL }> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new InvalidPayloadError('"url" must be an absolute URL');
    }
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new InvalidPayloadError('Only http and https URLs can be imported');
      const address = await this.resolveAllowed(url.hostname.replace(/^\[|\]$/g, ''));
      const response = await this.request(url, address, deadline);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw unavailable(`Couldn't fetch the file: the server answered ${status}`);
      }
      return { response, finalUrl: url };
    }
    throw unavailable('Too many redirects');
  }

  /** Resolves a host and refuses it when any of its addresses is denied. */
  private async resolveAllowed(host: string): Promise<{ address: string; family: number }> {
    let addresses: { address: string; family: number }[];
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await lookup(host, { all: true });
      } catch {
        throw unavailable(`Couldn't resolve "${host}"`);
      }
    }
    const denied = addresses.find(({ address }) => isDeniedAddress(this.denyList, address));
    if (denied || addresses.length === 0) {
      throw unavailable(`Couldn't fetch the file: the address ${denied?.address ?? host} is not allowed`);
    }
    return addresses[0];
  }

  private request(url: URL, pinned: { address: string; family: number }, deadline: number): Promise<IncomingMessage> {
    const pin: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.get(
        url,
        { lookup: pin, headers: { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'Vellum' } },
        resolve,
      );
      req.setTimeout(Math.max(1, deadline - Date.now()), () =>
        req.destroy(unavailable('The remote server did not answer in time')),
      );
      req.on('error', (err) =>
        reject(err instanceof AppError ? err : unavailable(`Couldn't fetch the file: ${err.message}`)),
      );
    });
  }
}
