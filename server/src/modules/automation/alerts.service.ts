import {
  ALERT_RULES_FULL,
  ALERT_RULES_MAX,
  checkAlertThreshold,
  UNKNOWN_ALERT,
  UNKNOWN_PLAN,
  type AlertRule,
} from '@tollgate/contract/automation/alerts';
import type { ParsedBodyOf } from '@tollgate/contract/endpoint';
import type { createAlert, updateAlert } from '@tollgate/contract/automation/alerts';
import { toCents, toDollars } from '@tollgate/contract/http/money';
import type { Db } from '#platform/db/client.ts';
import { badRequest, notFound, validationError } from '#platform/http/errors.ts';
import { alertsRepository as repo, type AlertRuleRow } from './alerts.repository';

/** Balance thresholds are stored in cents, the rest as given. */
const stored = (kind: AlertRuleRow['kind'], threshold: number) =>
  kind === 'balance_below' ? toCents(threshold) : threshold;
const shown = (rule: AlertRuleRow) => (rule.kind === 'balance_below' ? toDollars(rule.threshold) : rule.threshold);

function toView(row: Awaited<ReturnType<typeof repo.list>>[number]): AlertRule {
  const { rule } = row;
  return {
    id: rule.id,
    kind: rule.kind,
    threshold: shown(rule),
    subscriptionId: rule.subscriptionId,
    planTitle: rule.subscriptionId ? row.planTitle : null,
    email: rule.email,
    webhook: rule.webhook,
    enabled: rule.enabled,
    createdAt: rule.createdAt.toISOString(),
    lastFiredAt: row.lastFiredAt ? new Date(row.lastFiredAt).toISOString() : null,
  };
}

/** The customer's usage alert rules (ADR 034); evaluation lives in alert-evaluator. */
export function createAlertsService({ db }: { db: Db }) {
  async function one(accountId: string, id: string) {
    const [row] = await repo.list(db, accountId, id);
    if (!row) throw notFound(UNKNOWN_ALERT);
    return toView(row);
  }

  return {
    async list(accountId: string) {
      return { items: (await repo.list(db, accountId)).map(toView) };
    },

    async create(accountId: string, body: ParsedBodyOf<typeof createAlert>) {
      if (body.subscriptionId && !(await repo.ownsPlan(db, accountId, body.subscriptionId)))
        throw notFound(UNKNOWN_PLAN);
      const id = await db.transaction(async (tx) => {
        await repo.lockAccount(tx, accountId);
        if ((await repo.count(tx, accountId)) >= ALERT_RULES_MAX) throw badRequest(ALERT_RULES_FULL);
        return repo.insert(tx, {
          accountId,
          kind: body.kind,
          threshold: stored(body.kind, body.threshold),
          subscriptionId: body.kind === 'balance_below' ? null : body.subscriptionId,
          email: body.email,
          webhook: body.webhook,
        });
      });
      return one(accountId, id);
    },

    async update(accountId: string, id: string, patch: ParsedBodyOf<typeof updateAlert>) {
      const rule = await repo.find(db, accountId, id);
      if (!rule) throw notFound(UNKNOWN_ALERT);
      const email = patch.email ?? rule.email;
      const webhook = patch.webhook ?? rule.webhook;
      const problems: { path: string; message: string }[] = [];
      if (patch.threshold !== undefined)
        checkAlertThreshold({ kind: rule.kind, threshold: patch.threshold }, {
          addIssue: (issue: { path?: PropertyKey[]; message?: string }) =>
            problems.push({ path: `body.${String(issue.path?.[0] ?? 'threshold')}`, message: issue.message ?? '' }),
        } as never);
      if (!email && !webhook) problems.push({ path: 'body.email', message: 'Choose mail, webhook or both' });
      if (problems.length) throw validationError(problems);
      await repo.update(db, accountId, id, {
        email,
        webhook,
        ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
        ...(patch.threshold === undefined ? {} : { threshold: stored(rule.kind, patch.threshold) }),
      });
      return one(accountId, id);
    },

    async remove(accountId: string, id: string) {
      if (!(await repo.remove(db, accountId, id))) throw notFound(UNKNOWN_ALERT);
      return null;
    },
  };
}
