import type { AppModule } from '#platform/module.ts';
import { automationRoutes } from './automation.routes';

/** Alerts, webhooks, auto top-up and rotation links (ADR 034); its sweep and hooks are wired in app.ts. */
export function automationModule(deps: Parameters<typeof automationRoutes>[0]): AppModule {
  return { routes: automationRoutes(deps) };
}
