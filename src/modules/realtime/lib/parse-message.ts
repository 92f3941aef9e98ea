import { isPlainObject } from '../../../common/is-plain-object';
import { jsonShapeReason } from '../../../common/http/json-body';
import type { AuthMessage, ItemsMessage, SocketMessage, SubscribeMessage } from './messages';
import { SocketError, Uid } from './socket-error';

type Raw = Record<string, unknown>;

const EVENTS = ['create', 'update', 'delete'];
const ACTIONS = ['create', 'read', 'update', 'delete'];

function invalid(type: string, message: string, uid?: Uid): SocketError {
  return new SocketError(type, 'INVALID_PAYLOAD', message, uid);
}

function isUid(value: unknown): value is Uid {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

function optionalString(raw: Raw, key: string, type: string, uid?: Uid): void {
  if (raw[key] !== undefined && typeof raw[key] !== 'string') throw invalid(type, `"${key}" must be a string`, uid);
}

function optionalObject(raw: Raw, key: string, type: string, uid?: Uid): void {
  if (raw[key] !== undefined && !isPlainObject(raw[key])) throw invalid(type, `"${key}" must be an object`, uid);
}

function requiredCollection(raw: Raw, type: string, uid?: Uid): string {
  if (typeof raw.collection !== 'string' || raw.collection === '') throw invalid(type, '"collection" is required', uid);
  return raw.collection;
}

function auth(raw: Raw, uid?: Uid): AuthMessage {
  for (const key of ['access_token', 'refresh_token', 'email', 'password', 'otp'])
    optionalString(raw, key, 'auth', uid);
  const base = { type: 'auth' as const, ...(uid !== undefined ? { uid } : {}) };
  if (raw.access_token) return { ...base, access_token: raw.access_token as string };
  if (raw.email && raw.password)
    return {
      ...base,
      email: raw.email as string,
      password: raw.password as string,
      ...(raw.otp ? { otp: raw.otp as string } : {}),
    };
  if (raw.refresh_token) return { ...base, refresh_token: raw.refresh_token as string };
  throw invalid('auth', 'Expected "access_token", "email" and "password", or "refresh_token"', uid);
}

function subscribe(raw: Raw, uid?: Uid): SubscribeMessage {
  const collection = requiredCollection(raw, 'subscribe', uid);
  optionalObject(raw, 'query', 'subscribe', uid);
  if (raw.event !== undefined && !EVENTS.includes(raw.event as string))
    throw invalid('subscribe', '"event" must be one of create, update, delete', uid);
  if (raw.item !== undefined && !isUid(raw.item))
    throw invalid('subscribe', '"item" must be a string or a number', uid);
  return { ...(raw as object), type: 'subscribe', collection };
}

function items(raw: Raw, uid?: Uid): ItemsMessage {
  const collection = requiredCollection(raw, 'items', uid);
  if (!ACTIONS.includes(raw.action as string))
    throw invalid('items', '"action" must be one of create, read, update, delete', uid);
  optionalObject(raw, 'query', 'items', uid);
  if (raw.id !== undefined && !isUid(raw.id)) throw invalid('items', '"id" must be a string or a number', uid);
  if (raw.ids !== undefined && !(Array.isArray(raw.ids) && raw.ids.every(isUid)))
    throw invalid('items', '"ids" must be an array of keys', uid);
  return { ...(raw as object), type: 'items', collection } as ItemsMessage;
}

/**
 * One text frame → a typed message. Types are matched without regard to case, as the reference does;
 * a frame that is not a JSON object with a string `type` is INVALID_PAYLOAD (answered as type "server").
 */
export function parseMessage(text: string): SocketMessage {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw invalid('server', 'Unable to parse the incoming message');
  }
  if (!isPlainObject(raw) || typeof raw.type !== 'string')
    throw invalid('server', 'Unable to parse the incoming message');
  if (raw.uid !== undefined && !isUid(raw.uid)) throw invalid('server', '"uid" must be a string or a number');
  const uid = raw.uid;
  const type = raw.type.trim().toLowerCase();
  // Items and queries of a message reach the same engine as REST bodies, bounded and checked alike.
  const reason = jsonShapeReason(raw, 'The message');
  if (reason) throw invalid(type, reason, uid);
  switch (type) {
    case 'auth':
      return auth(raw, uid);
    case 'subscribe':
      return subscribe(raw, uid);
    case 'unsubscribe':
      return { type: 'unsubscribe', ...(uid !== undefined ? { uid } : {}) };
    case 'items':
      return items(raw, uid);
    case 'ping':
      return { type: 'ping', ...(uid !== undefined ? { uid } : {}) };
    default:
      return { type: 'other', name: type, ...(uid !== undefined ? { uid } : {}) };
  }
}
