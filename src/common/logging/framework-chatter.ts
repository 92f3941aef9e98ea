/**
 * Nest's start-up messages: a line per module ("… dependencies initialized"), per controller and per
 * route ("Mapped {/items/:collection, GET} route"), about 150 lines that bury what a person starting
 * Vellum needs to see. They stay available at LOG_LEVEL=debug.
 */
const CHATTY_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

export function isFrameworkChatter(context: string | undefined): boolean {
  return context !== undefined && CHATTY_CONTEXTS.has(context);
}
