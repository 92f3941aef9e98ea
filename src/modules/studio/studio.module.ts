import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { StudioMiddleware } from './studio.middleware';

/** Vellum Studio, the administration app, at /admin (a middleware: no route in the OpenAPI document). */
@Module({ providers: [StudioMiddleware] })
export class StudioModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(StudioMiddleware).forRoutes({ path: 'admin', method: RequestMethod.ALL }, { path: 'admin/*path', method: RequestMethod.ALL });
  }
}
