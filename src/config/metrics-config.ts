import { cronProblem } from './cron';
import type { MetricsConfig, MeasuredService } from './app-config';
import { envList as list } from './env-list';

const SERVICES: readonly MeasuredService[] = ['database', 'cache', 'redis', 'storage'];

/**
 * METRICS_* with the reference platform's defaults (every service, checked every minute). A service
 * name or a schedule it would silently ignore is a start-up problem here.
 */
export function metricsConfig(env: NodeJS.ProcessEnv, problems: string[]): MetricsConfig {
  const services = list(env.METRICS_SERVICES ?? SERVICES.join(','));
  for (const service of services) {
    if (!SERVICES.includes(service as MeasuredService))
      problems.push(`METRICS_SERVICES: "${service}" is not one of ${SERVICES.join(', ')}`);
  }
  const schedule = env.METRICS_SCHEDULE ?? '*/1 * * * *';
  const scheduleProblem = cronProblem('METRICS_SCHEDULE', schedule);
  if (scheduleProblem) problems.push(scheduleProblem);
  return {
    enabled: env.METRICS_ENABLED === 'true',
    tokens: list(env.METRICS_TOKENS ?? ''),
    services: services as MeasuredService[],
    schedule,
  };
}
