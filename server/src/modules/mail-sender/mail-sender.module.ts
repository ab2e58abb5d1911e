import type { AppModule } from '#platform/module.ts';
import { mailSenderRoutes } from './mail-sender.routes';

/** News campaigns (ADR 027); their delivery loop is started and stopped in app.ts. */
export function mailSenderModule(deps: Parameters<typeof mailSenderRoutes>[0]): AppModule {
  return { routes: mailSenderRoutes(deps) };
}
