import type { RouteDefinition } from './http/routes';
import type { ScheduledJob } from './jobs/scheduler';

/**
 * What every module in `modules/` gives app.ts, from `xModule(deps)`: the handlers of its endpoints,
 * the scheduled jobs it owns and what it must do as the app starts and stops. A module builds its
 * services once, there; a service another module needs comes back beside these and app.ts passes it
 * on, as modules never import each other.
 */
export interface AppModule {
  routes: RouteDefinition[];
  jobs?: ScheduledJob[];
  hooks?: ModuleHooks;
}

export interface ModuleHooks {
  /** Once the app listens (and, with jobs on, the scheduler runs). */
  onReady?(): void | Promise<void>;
  /** Before the database closes. */
  onClose?(): void | Promise<void>;
}
