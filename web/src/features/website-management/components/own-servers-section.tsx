import { useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import type { SettingsPayload } from '@tollgate/contract/admin/settings';
import { PLAN_TYPES } from '@tollgate/contract/plans/plans';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import {
  blankExit,
  checkExit,
  checkPorts,
  checkTargets,
  draftOf,
  exitInput,
  ownServersText,
  type OwnServersDraft,
} from '../utils/exit-rows.ts';
import { ExitRowEditor } from './exit-row-editor.tsx';
import { ExitsTable } from './exits-table.tsx';
import { SettingCard } from './setting-card.tsx';

const PAGE = 25;

const comparable = (draft: OwnServersDraft) =>
  JSON.stringify({
    exits: draft.exits.map(exitInput),
    targets: checkTargets(draft.allowedTargets).targets,
    ports: draft.blockedPorts.trim(),
  });

/**
 * The gateway's ways out (spec §3 OwnServers): exits per type and country, the internal ranges
 * customers may reach, and ports nobody may reach. Only an Administrator changes it.
 */
export function OwnServersSection({ settings, canEdit }: { settings: SettingsPayload; canEdit: boolean }) {
  const [saved, setSaved] = useState(() => draftOf(settings.settings.OwnServers));
  const [draft, setDraft] = useState(saved);
  const [type, setType] = useState('all');
  const [country, setCountry] = useState('');
  const [shown, setShown] = useState(PAGE);
  // Rows added in this visit open at once; saved ones start folded when there are many.
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const [foldByDefault] = useState(() => saved.exits.length > 3);
  const lastAdded = useRef<string | null>(null);
  const targets = checkTargets(draft.allowedTargets);
  const ports = checkPorts(draft.blockedPorts);
  const dirty = comparable(draft) !== comparable(saved);

  const wanted = country.trim().toLowerCase();
  const matching = draft.exits
    .map((row, index) => ({ row, index }))
    .filter(
      ({ row }) => (type === 'all' || row.type === type) && (!wanted || row.country.toLowerCase().includes(wanted)),
    );
  const page = matching.slice(0, shown);
  const invalid = draft.exits.filter((row) => !checkExit(row).exit).length;

  const setExits = (change: (exits: OwnServersDraft['exits']) => OwnServersDraft['exits']) =>
    setDraft((current) => ({ ...current, exits: change(current.exits) }));

  return (
    <SettingCard
      id="OwnServers"
      title="Own servers"
      description="Where proxy traffic leaves the gateway. An exit serves the plans of its type and country; * means any. The most specific exit wins."
      keys={['OwnServers']}
      settings={settings}
      dirty={dirty}
      readOnly={
        canEdit
          ? undefined
          : 'Only an Administrator can change own servers, because they decide which networks customers can reach through the gateway. You can test each exit.'
      }
      build={() => {
        const text = ownServersText(draft);
        return text === null ? null : { OwnServers: text };
      }}
      onSaved={() => setSaved(draft)}
      onDiscard={() => setDraft(saved)}
    >
      <div className="grid gap-3 sm:grid-cols-[12rem_12rem_1fr] sm:items-end">
        <Select label="Show type" value={type} onChange={(event) => setType(event.target.value)}>
          <option value="all">All exits</option>
          <option value="*">Any type (*)</option>
          {PLAN_TYPES.map((item) => (
            <option key={item} value={item}>
              {PLAN_TYPE_LABELS[item]}
            </option>
          ))}
        </Select>
        <Input
          label="Show country"
          placeholder="us"
          value={country}
          onChange={(event) => setCountry(event.target.value)}
        />
        <p className="text-sm text-slate-500 sm:pb-2.5 dark:text-slate-400">
          {matching.length === draft.exits.length
            ? `${draft.exits.length} ${draft.exits.length === 1 ? 'exit' : 'exits'}`
            : `${matching.length} of ${draft.exits.length} exits`}
          {invalid > 0 && canEdit && (
            <span className="ml-2 font-medium text-red-600 dark:text-red-400">{invalid} need attention</span>
          )}
        </p>
      </div>

      {canEdit ? (
        <>
          <ol className="space-y-4" aria-label="Exits">
            {page.map(({ row, index }) => (
              <ExitRowEditor
                key={row.key}
                row={row}
                number={index + 1}
                startOpen={!foldByDefault || added.has(row.key)}
                focus={row.key === lastAdded.current}
                onChange={(patch) =>
                  setExits((exits) => exits.map((item, i) => (i === index ? { ...item, ...patch } : item)))
                }
                onRemove={() => setExits((exits) => exits.filter((_, i) => i !== index))}
              />
            ))}
          </ol>
          {draft.exits.length === 0 && (
            <p className="text-sm text-slate-500 dark:text-slate-400">
              No exits: the gateway sends every plan’s traffic directly from its own address.
            </p>
          )}
        </>
      ) : (
        <ExitsTable rows={page.map(({ row, index }) => ({ row, number: index + 1 }))} />
      )}

      <div className="flex flex-wrap gap-3">
        {matching.length > shown && (
          <Button variant="outline" size="sm" onClick={() => setShown((n) => n + PAGE)}>
            Show {Math.min(PAGE, matching.length - shown)} more
          </Button>
        )}
        {canEdit && (
          <Button
            variant="outline"
            size="sm"
            disabled={draft.exits.length >= 10_000}
            onClick={() => {
              const row = blankExit();
              if (type !== 'all') row.type = type;
              if (/^[a-z]{2}$/.test(wanted)) row.country = wanted;
              setExits((exits) => [...exits, row]);
              setAdded((keys) => new Set(keys).add(row.key));
              lastAdded.current = row.key;
              setShown(matching.length + 1);
            }}
          >
            <Plus className="size-4" aria-hidden="true" />
            Add exit
          </Button>
        )}
      </div>

      <div className="grid gap-4 border-t border-slate-200 pt-4 md:grid-cols-2 dark:border-slate-800">
        <Textarea
          label="Allowed internal targets"
          rows={4}
          readOnly={!canEdit}
          spellCheck={false}
          className="[&_textarea]:font-mono"
          placeholder={'10.20.0.0/16\n192.168.5.7'}
          hint="One address or range per line. Private and local networks are refused unless listed here."
          value={draft.allowedTargets}
          error={targets.error}
          onChange={(event) => setDraft((current) => ({ ...current, allowedTargets: event.target.value }))}
        />
        <Input
          label="Blocked ports"
          readOnly={!canEdit}
          inputMode="numeric"
          placeholder="25, 465, 587"
          hint="Destination ports nobody may reach, separated by commas."
          value={draft.blockedPorts}
          error={ports.error}
          onChange={(event) => setDraft((current) => ({ ...current, blockedPorts: event.target.value }))}
        />
      </div>
    </SettingCard>
  );
}
