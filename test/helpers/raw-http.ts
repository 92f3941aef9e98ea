import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent byte for byte: no normalisation of `..`, no re-encoding, unlike supertest's URL handling. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /**
   * On a connection of its own: a request Node cannot parse may arrive while the previous response on a
   * shared keep-alive connection is still being flushed, and then the server can only close it.
   */
  fresh?: boolean;
  /**
   * The local address to send from (`127.0.0.2`: every 127/8 address reaches a server on 127.0.0.1 on
   * Linux), so one test can be several real sources without trusting a forwarded header.
   */
  from?: string;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The parsed body when it is JSON, else undefined (named as supertest's, so expectError takes both). */
  body: any;
}

export type RawClient = (req: RawRequest) => Promise<RawResponse>;

/**
 * A plain node:http client over one keep-alive connection to a listening server, for hostile requests
 * that supertest would tidy up before sending.
 */
export async function rawClient(server: Server, timeoutMs = 15_000): Promise<{ send: RawClient; close: () => void }> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send: RawClient = (req) =>
    new Promise((resolve, reject) => {
      const body =
        req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
      const headers = { ...(req.headers ?? {}), ...(body ? { 'Content-Length': String(body.length) } : {}) };
      const target = { host: '127.0.0.1', port, localAddress: req.from, method: req.method, path: req.path, headers };
      const outgoing = request({ ...target, agent: req.fresh ? false : agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          if (String(res.headers['content-type'] ?? '').includes('json')) {
            try {
              body = JSON.parse(text);
            } catch {
              body = undefined;
            }
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      });
      // Timeout guard: a server that never answers fails the request rather than hanging the test.
      outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  return { send, close: () => agent.destroy() };
}

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body; `boundary` is what the parts are framed with, whatever the header says. */
export function multipartBody(parts: MultipartPart[], boundary: string, close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'));
    chunks.push(Buffer.from('\r\n', 'utf8'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return Buffer.concat(chunks);
}
