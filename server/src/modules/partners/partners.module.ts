import type { Db } from '#platform/db/client.ts';
import type { AppModule } from '#platform/module.ts';
import { partnersRoutes } from './partners.routes';
import { createPartnersService, type PartnersService } from './partners.service';

/** Partner links (issue 16, ADR 036). Its service comes back too: sign-up records the partner a visitor came through. */
export function partnersModule(deps: {
  db: Db;
  publicUrl: string;
  /** Signs the visitor cookie. */
  secret: string;
  secureCookie: boolean;
}): AppModule & { service: PartnersService } {
  const partners = createPartnersService({ db: deps.db, publicUrl: deps.publicUrl });
  return {
    routes: partnersRoutes(partners, { secret: deps.secret, secureCookie: deps.secureCookie }),
    service: partners,
  };
}
