import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ItemsModule } from '../items/items.module';
import { ItemsMessagesService } from './items-messages.service';
import { MessageRouter } from './message-router.service';
import { RealtimeBusService } from './realtime-bus.service';
import { RealtimeServerService } from './realtime-server.service';
import { SocketAuthService } from './socket-auth.service';
import { SubscriptionsService } from './subscriptions.service';
import { UpgradeRoutes } from './upgrade-routes.service';

/** The reference platform's WebSocket API at WEBSOCKETS_REST_PATH (issue 16); idle unless WEBSOCKETS_ENABLED. */
@Module({
  imports: [ItemsModule, AuthModule],
  providers: [
    RealtimeServerService,
    MessageRouter,
    SocketAuthService,
    SubscriptionsService,
    ItemsMessagesService,
    RealtimeBusService,
    UpgradeRoutes,
  ],
  // GraphQL subscriptions (GraphqlModule) use the same upgrade routing, socket authentication and event bus.
  exports: [UpgradeRoutes, SocketAuthService, RealtimeBusService],
})
export class RealtimeModule {}
