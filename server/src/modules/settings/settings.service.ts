import {
  ADMIN_ONLY_SETTINGS,
  SETTINGS_KEYS,
  type SettingsKey,
  type SettingsPayload,
} from '@tollgate/contract/admin/settings';
import { parseOwnServers, type ProxyExit } from '@tollgate/contract/proxies/own-servers';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { AppError } from '#platform/http/errors.ts';
import { testExit } from './exit-test';
import { forAudit, readSettingText, sameSetting, sameValue, textOfStored } from './setting-text';
import { SETTINGS_AUDIT_ACTION, settingsRepository } from './settings.repository';

/**
 * The staff's settings (spec §3): read as text, changed a few keys at a time. A save is all or
 * nothing: every key's text is read and checked before anything is written, then the changed keys
 * are written and audited in one transaction. Other instances and the gateway follow through the
 * database's change notices (ADR 024), never through this process.
 */
export function createSettingsService({ db, exitCheckUrl }: { db: Db; exitCheckUrl: string }) {
  async function snapshot(dbx: DbOrTx): Promise<SettingsPayload> {
    const rows = await settingsRepository.readRows(dbx, SETTINGS_KEYS);
    const audited = await settingsRepository.lastChanges(dbx, SETTINGS_KEYS);
    const settings = {} as SettingsPayload['settings'];
    const changes = {} as SettingsPayload['changes'];
    for (const key of SETTINGS_KEYS) {
      const row = rows.get(key);
      const last = audited.get(key);
      settings[key] = textOfStored(row?.value);
      // The audit row names who; a row written after it (seed, CLI, a hand-written UPDATE) names nobody.
      if (last && (!row || row.updatedAt.getTime() <= last.at.getTime()))
        changes[key] = { updatedAt: last.at.toISOString(), updatedBy: last.by };
      else changes[key] = row ? { updatedAt: row.updatedAt.toISOString(), updatedBy: null } : null;
    }
    return { settings, changes };
  }

  return {
    read: () => snapshot(db),

    async update(auth: Pick<AuthContext, 'accountId' | 'role'>, body: Partial<Record<SettingsKey, string>>) {
      const sent = SETTINGS_KEYS.filter((k) => body[k] !== undefined);
      const refused = sent.filter((k) => ADMIN_ONLY_SETTINGS.includes(k));
      if (auth.role !== 'Administrator' && refused.length) {
        const message = `Only an Administrator may change ${refused.join(', ')}: it decides where customers' traffic leaves the gateway`;
        throw new AppError(403, message, { error: message });
      }
      const next = new Map<SettingsKey, unknown>();
      const problems: { key: SettingsKey; problem: string }[] = [];
      for (const key of sent) {
        const text = body[key]!;
        if (text.trim() === '') {
          next.set(key, null);
          continue;
        }
        const read = readSettingText(key, text);
        if (read.ok) next.set(key, read.value);
        else problems.push({ key, problem: read.problem });
      }
      if (problems.length) {
        const message = problems.map((p) => p.problem).join('; ');
        throw new AppError(400, message, {
          error: message,
          fields: problems.map((p) => ({ path: `body.${p.key}`, message: p.problem })),
        });
      }

      await db.transaction(async (tx) => {
        await settingsRepository.lockForWriting(tx);
        const stored = await settingsRepository.read(tx, sent);
        for (const [key, value] of next) {
          const before = stored.get(key);
          if (sameSetting(key, before, value)) continue;
          if (value === null) await settingsRepository.remove(tx, key);
          else await settingsRepository.write(tx, key, value);
          await audit(tx, {
            actorId: auth.accountId,
            action: SETTINGS_AUDIT_ACTION,
            targetType: 'settings',
            targetId: key,
            before: forAudit(key, before),
            after: forAudit(key, value),
          });
        }
      });
      return snapshot(db);
    },

    /**
     * An Administrator tests any exit, saved or not. A Manager may not change OwnServers, so may
     * test only the exits it holds: an arbitrary upstream would let them knock on any host and port
     * the shop's server can reach.
     */
    async testExit(auth: Pick<AuthContext, 'role'>, exit: ProxyExit) {
      if (auth.role !== 'Administrator') {
        const stored = await settingsRepository.read(db, ['OwnServers']);
        const saved = parseOwnServers(stored.get('OwnServers')).servers.exits;
        if (!saved.some((candidate) => sameValue(candidate, exit))) {
          const message = 'A Manager may test only the exits saved in OwnServers; an Administrator can test new ones';
          throw new AppError(403, message, { error: message });
        }
      }
      return testExit(exit, { checkUrl: exitCheckUrl });
    },
  };
}
