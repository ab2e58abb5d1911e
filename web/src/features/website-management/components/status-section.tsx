import { useRef, useState } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { settingsStatusSchema, type SettingsPayload } from '@tollgate/contract/admin/settings';
import { SERVICE_STATES, type ServiceStatus } from '@tollgate/contract/general/landing';
import { STATUS_STATES, StatusReport } from '#components/site/status-report.tsx';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { issueMap, move, newId, readSetting } from '../utils/setting-values.ts';
import { Preview, SettingCard } from './setting-card.tsx';

type State = ServiceStatus['overall'];
interface Draft {
  overall: State;
  message: string;
  components: Array<{ key: string; name: string; state: State }>;
}

/** What /status shows while nothing is saved (the server's default). */
const DEFAULT_STATUS = { overall: 'operational', message: 'All systems operational', components: [] } as const;

function draftOf(text: string | undefined): Draft {
  const { value } = readSetting(text, settingsStatusSchema, { ...DEFAULT_STATUS, components: [], updatedAt: '' });
  return {
    overall: value.overall,
    message: value.message,
    components: value.components.map((component) => ({ key: newId(), ...component })),
  };
}

const valueOf = (draft: Draft, updatedAt: string) => ({
  overall: draft.overall,
  message: draft.message,
  components: draft.components.map(({ name, state }) => ({ name, state })),
  updatedAt,
});
const comparable = (draft: Draft) => JSON.stringify(valueOf(draft, ''));

function StateSelect({
  label,
  ariaLabel,
  value,
  onChange,
}: {
  label: string;
  ariaLabel?: string;
  value: State;
  onChange: (state: State) => void;
}) {
  return (
    <Select
      label={label}
      aria-label={ariaLabel}
      value={value}
      onChange={(event) => onChange(event.target.value as State)}
    >
      {SERVICE_STATES.map((state) => (
        <option key={state} value={state}>
          {STATUS_STATES[state].label}
        </option>
      ))}
    </Select>
  );
}

/** The public /status page: the overall state, a sentence, and each component's state. */
export function StatusSection({ settings }: { settings: SettingsPayload }) {
  const [saved, setSaved] = useState(() => draftOf(settings.settings.Status));
  const [draft, setDraft] = useState(saved);
  const [attempted, setAttempted] = useState(false);
  const added = useRef<string | null>(null);
  const now = new Date().toISOString();
  const result = settingsStatusSchema.safeParse(valueOf(draft, now));
  const issues = attempted ? issueMap(result) : {};
  const dirty = comparable(draft) !== comparable(saved);
  const editComponent = (index: number, patch: Partial<Draft['components'][number]>) =>
    setDraft((current) => ({
      ...current,
      components: current.components.map((component, i) => (i === index ? { ...component, ...patch } : component)),
    }));
  const setComponents = (change: (list: Draft['components']) => Draft['components']) =>
    setDraft((current) => ({ ...current, components: change(current.components) }));
  const shownAt = dirty ? now : (settings.changes.Status?.updatedAt ?? now);

  return (
    <div className="space-y-6">
      <SettingCard
        id="Status"
        title="Status"
        description="What the public status page says. Saving stamps it with the current time as “Last updated”."
        keys={['Status']}
        settings={settings}
        dirty={dirty}
        build={() => {
          setAttempted(true);
          return result.success ? { Status: JSON.stringify(valueOf(draft, new Date().toISOString())) } : null;
        }}
        onSaved={() => setSaved(draft)}
        onDiscard={() => {
          setDraft(saved);
          setAttempted(false);
        }}
      >
        <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
          <StateSelect
            label="Overall state"
            value={draft.overall}
            onChange={(overall) => setDraft((current) => ({ ...current, overall }))}
          />
          <Input
            label="Message"
            value={draft.message}
            maxLength={300}
            placeholder="All systems operational"
            error={issues.message}
            onChange={(event) => setDraft((current) => ({ ...current, message: event.target.value }))}
          />
        </div>
        <fieldset className="min-w-0 space-y-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Components</legend>
          {draft.components.length === 0 && (
            <p className="text-sm text-slate-500 dark:text-slate-400">
              No components: the page shows only the overall state. Add the parts customers care about, such as
              “Residential gateway” or “Dashboard”.
            </p>
          )}
          <ol className="space-y-3" aria-label="Components">
            {draft.components.map((component, index) => {
              const number = index + 1;
              return (
                <li
                  key={component.key}
                  className="grid items-start gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_12rem_auto] dark:border-slate-800"
                >
                  <Input
                    label="Name"
                    aria-label={`Component ${number} name`}
                    autoFocus={component.key === added.current}
                    value={component.name}
                    maxLength={80}
                    error={issues[`components.${index}.name`]}
                    onChange={(event) => editComponent(index, { name: event.target.value })}
                  />
                  <StateSelect
                    label="State"
                    ariaLabel={`Component ${number} state`}
                    value={component.state}
                    onChange={(state) => editComponent(index, { state })}
                  />
                  <div className="flex gap-1 sm:pt-6">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Move component ${number} up`}
                      disabled={index === 0}
                      onClick={() => setComponents((list) => move(list, index, -1))}
                    >
                      <ArrowUp className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Move component ${number} down`}
                      disabled={index === draft.components.length - 1}
                      onClick={() => setComponents((list) => move(list, index, 1))}
                    >
                      <ArrowDown className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost-danger"
                      size="icon"
                      aria-label={`Remove component ${number}`}
                      onClick={() => setComponents((list) => list.filter((_, i) => i !== index))}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
          <Button
            variant="outline"
            size="sm"
            disabled={draft.components.length >= 50}
            onClick={() =>
              setComponents((list) => [...list, { key: (added.current = newId()), name: '', state: 'operational' }])
            }
          >
            <Plus className="size-4" aria-hidden="true" />
            Add component
          </Button>
        </fieldset>
      </SettingCard>
      <Preview title="Preview: the status page">
        <StatusReport
          status={{
            ...valueOf(draft, shownAt),
            message: draft.message.trim() || DEFAULT_STATUS.message,
            components: draft.components.filter((component) => component.name.trim()),
          }}
        />
      </Preview>
    </div>
  );
}
