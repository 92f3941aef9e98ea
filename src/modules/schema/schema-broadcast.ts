import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';

/**
 * Tells the other instances that share a database that the schema changed (ARCHITECTURE: schema
 * overview), over Redis publish/subscribe. Messages carry the sender's id so an instance ignores its own.
 */
export class SchemaBroadcast {
  private readonly id = randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(
    url: string,
    private readonly channel: string,
  ) {
    this.publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  }

  async listen(onChange: () => void): Promise<void> {
    await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
    this.subscriber.on('message', (_channel: string, sender: string) => {
      if (sender !== this.id) onChange();
    });
    await this.subscriber.subscribe(this.channel);
  }

  async announce(): Promise<void> {
    await this.publisher.publish(this.channel, this.id);
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
