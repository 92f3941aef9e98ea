import type { Uid } from './socket-error';

export type AuthMessage = { type: 'auth'; uid?: Uid } & (
  { access_token: string } | { email: string; password: string; otp?: string } | { refresh_token: string }
);

export type SubscriptionEvent = 'create' | 'update' | 'delete';

export interface SubscribeMessage {
  type: 'subscribe';
  collection: string;
  query?: Record<string, unknown>;
  event?: SubscriptionEvent;
  item?: Uid;
  uid?: Uid;
}

export interface UnsubscribeMessage {
  type: 'unsubscribe';
  uid?: Uid;
}

export interface ItemsMessage {
  type: 'items';
  collection: string;
  action: 'create' | 'read' | 'update' | 'delete';
  data?: unknown;
  id?: Uid;
  ids?: Uid[];
  query?: Record<string, unknown>;
  uid?: Uid;
}

/** Messages this server answers; others (`pong`, unknown types) only count as signs of life. */
export type SocketMessage =
  | AuthMessage
  | SubscribeMessage
  | UnsubscribeMessage
  | ItemsMessage
  | { type: 'ping'; uid?: Uid }
  | { type: 'other'; name: string; uid?: Uid };
