import {
  adminAccount,
  adminAccountAudit,
  adminAccountInvoices,
  adminAccountLedger,
  adminAccountPayments,
  adminAccountSessions,
  adminAccountSignIns,
  adminRevokeAllSessions,
  adminRevokeSession,
  supportAccount,
} from '@tollgate/contract/admin/account-page';
import {
  adminDeleteAvatar,
  adminDisableAccount,
  adminDisableTwoFactor,
  adminEditAccount,
  adminEnableAccount,
  adminRemoveGoogle,
  adminReverifyAccount,
  adminSendPasswordLink,
  adminUpdateAvatar,
  adminVerifyAccount,
  supportDisableTwoFactor,
  supportRemoveGoogle,
  supportReverifyAccount,
  supportSendPasswordLink,
  supportVerifyAccount,
} from '@tollgate/contract/admin/account-actions';
import { route } from '#platform/http/routes.ts';
import type { AccountActionsService } from './account-actions.service';
import type { createAccountEditService } from './account-edit.service';
import type { AccountPageService } from './account-page.service';

/** The staff account page and its actions (spec §7 Accounts, Avatars, Support): one line each. */
export function staffAccountsRoutes(deps: {
  page: AccountPageService;
  edit: ReturnType<typeof createAccountEditService>;
  actions: AccountActionsService;
}) {
  const { page, edit, actions } = deps;
  return [
    route(adminAccount, ({ params, query }) => page.admin(params.userId, query)),
    route(supportAccount, ({ params, query }) => page.support(params.id, query)),
    route(adminAccountLedger, ({ params, query }) => page.ledger(params.userId, query)),
    route(adminAccountInvoices, ({ params, query }) => page.invoices(params.userId, query)),
    route(adminAccountPayments, ({ params, query }) => page.payments(params.userId, query)),
    route(adminAccountSessions, ({ params }) => page.sessions(params.userId)),
    route(adminAccountSignIns, ({ params, query }) => page.signIns(params.userId, query)),
    route(adminAccountAudit, ({ params, query }) => page.audit(params.userId, query)),
    route(adminRevokeSession, ({ auth, params }) => actions.revokeSession(auth, params.userId, params.sessionId)),
    route(adminRevokeAllSessions, ({ auth, params }) => actions.revokeAllSessions(auth, params.userId)),

    route(adminEditAccount, ({ auth, params, body }) => edit.edit(auth, params.userId, body)),
    route(adminDisableAccount, ({ auth, params, body }) => actions.disable(auth, params.userId, body.reason)),
    route(adminEnableAccount, ({ auth, params, body }) => actions.enable(auth, params.userId, body.reason)),
    route(adminVerifyAccount, ({ auth, params }) => actions.verify('admin', auth, params.userId)),
    route(supportVerifyAccount, ({ auth, params }) => actions.verify('support', auth, params.userId)),
    route(adminReverifyAccount, ({ auth, params }) => actions.reverify('admin', auth, params.userId)),
    route(supportReverifyAccount, ({ auth, params }) => actions.reverify('support', auth, params.userId)),
    route(adminRemoveGoogle, ({ auth, params }) => actions.removeGoogle('admin', auth, params.userId)),
    route(supportRemoveGoogle, ({ auth, params }) => actions.removeGoogle('support', auth, params.userId)),
    route(adminDisableTwoFactor, ({ auth, params }) => actions.disableTwoFactor('admin', auth, params.userId)),
    route(supportDisableTwoFactor, ({ auth, params }) => actions.disableTwoFactor('support', auth, params.userId)),
    route(adminSendPasswordLink, ({ auth, params }) => actions.sendPasswordLink('admin', auth, params.userId)),
    route(supportSendPasswordLink, ({ auth, params }) => actions.sendPasswordLink('support', auth, params.id)),
    route(adminUpdateAvatar, async ({ auth, params, request }) =>
      actions.updateAvatar(auth, params.userId, await request.file()),
    ),
    route(adminDeleteAvatar, ({ auth, params }) => actions.deleteAvatar(auth, params.userId)),
  ];
}
