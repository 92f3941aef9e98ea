import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { StudioMiddleware } from './studio.middleware';

/** Vellum Studio, the administration app built from admin/ into admin/dist, at /admin. */
@Module({})
export class StudioModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(StudioMiddleware).forRoutes('*path');
  }
}
