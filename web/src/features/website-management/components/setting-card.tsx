import { useState, type FormEvent, type ReactNode } from 'react';
import { CheckCircle2, Lock } from 'lucide-react';
import {
  PLAIN_TEXT_SETTINGS,
  SETTING_VALUE_SCHEMAS,
  type SettingsKey,
  type SettingsPayload,
} from '@tollgate/contract/admin/settings';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { describeError } from '#lib/form-errors.ts';
import { formatDate } from '#lib/format.ts';
import { useSaveSettings } from '../api/settings.ts';
import type { SettingsBody } from '../utils/setting-values.ts';
import { useReportDirty } from './dirty-report.tsx';

/** The newest change among `keys`, for "Last changed … by …". */
function lastChange(changes: SettingsPayload['changes'], keys: readonly SettingsKey[]) {
  let newest: { updatedAt: string; updatedBy: string | null } | null = null;
  for (const key of keys) {
    const change = changes[key];
    if (change && (!newest || change.updatedAt > newest.updatedAt)) newest = change;
  }
  return newest;
}

/** Keys whose stored text no longer fits its schema (written before the schema, or by hand). */
function unreadableKeys(settings: SettingsPayload['settings'], keys: readonly SettingsKey[]): SettingsKey[] {
  return keys.filter((key) => {
    const text = settings[key]?.trim();
    if (!text || PLAIN_TEXT_SETTINGS.includes(key)) return false;
    try {
      return !SETTING_VALUE_SCHEMAS[key].safeParse(JSON.parse(text)).success;
    } catch {
      return true;
    }
  });
}

/** The server's refusal in words: its message, or (for 'Validation Error') the field details. */
function refusal(error: unknown, keys: readonly SettingsKey[]): string {
  const { form, fields } = describeError(error, keys);
  return [form, ...Object.values(fields)].filter(Boolean).join(' ') || 'The settings were not saved.';
}

/**
 * One setting's editor: its form, a Save that PUTs only its own keys, the server's refusal beside
 * the form, "Saved" and who last changed it. `build` returns the body, or null when the draft has
 * mistakes the editor is now showing.
 */
export function SettingCard({
  id,
  title,
  description,
  keys,
  settings,
  dirty,
  build,
  onSaved,
  onDiscard,
  readOnly,
  what = title.toLowerCase(),
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  keys: readonly SettingsKey[];
  settings: SettingsPayload;
  dirty: boolean;
  build: () => SettingsBody | null;
  onSaved: () => void;
  onDiscard: () => void;
  /** Why this person cannot change it: Save goes and the section shows its value read-only. */
  readOnly?: string;
  /** What the Save button names, when not the title in lower case ("Save FAQ"). */
  what?: string;
  children: ReactNode;
}) {
  const save = useSaveSettings();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useReportDirty(id, dirty);
  const change = lastChange(settings.changes, keys);
  const unreadable = unreadableKeys(settings.settings, keys);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const body = build();
    if (!body) {
      setError('Some fields need attention before this can be saved; they are marked in red.');
      return;
    }
    setError(null);
    save.mutate(body, {
      onSuccess: () => {
        setSaved(true);
        onSaved();
      },
      onError: (failure) => setError(refusal(failure, keys)),
    });
  };

  return (
    <Card>
      <CardHeader title={title} description={description} />
      <form noValidate onSubmit={submit} aria-label={title}>
        <CardBody className="space-y-4">
          {readOnly && (
            <Alert tone="info" title="Read only">
              <span className="inline-flex items-center gap-1.5">
                <Lock className="size-3.5" aria-hidden="true" />
                {readOnly}
              </span>
            </Alert>
          )}
          {unreadable.length > 0 && (
            <Alert tone="warning" title="The saved value could not be read">
              {unreadable.join(', ')} does not fit its shape, so the customers see the shop’s default. The editor starts
              from that default; saving replaces the unreadable value.
            </Alert>
          )}
          {children}
        </CardBody>
        <div className="space-y-3 border-t border-slate-200 px-5 py-4 dark:border-slate-800">
          {error && <Alert>{error}</Alert>}
          <div className="flex flex-wrap items-center gap-3">
            {!readOnly && (
              <>
                <Button type="submit" disabled={save.isPending || !dirty}>
                  {save.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
                  Save {what}
                </Button>
                {dirty && (
                  <Button
                    variant="ghost"
                    disabled={save.isPending}
                    onClick={() => {
                      setError(null);
                      onDiscard();
                    }}
                  >
                    Discard changes
                  </Button>
                )}
              </>
            )}
            <p className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
              {saved && !dirty && (
                <span className="mr-2 inline-flex items-center gap-1 font-medium text-emerald-700 dark:text-emerald-400">
                  <CheckCircle2 className="size-3.5" aria-hidden="true" />
                  Saved
                </span>
              )}
              {dirty && !readOnly && (
                <span className="mr-2 font-medium text-amber-700 dark:text-amber-400">Unsaved changes</span>
              )}
              <span>
                {change
                  ? `Last changed ${formatDate(change.updatedAt, '24h')}${change.updatedBy ? ` by ${change.updatedBy}` : ''}`
                  : 'No change recorded yet'}
              </span>
            </p>
          </div>
        </div>
      </form>
    </Card>
  );
}

/** How a section's edits look where customers see them; not clickable. */
export function Preview({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2">
      <h2 className="text-sm font-semibold text-slate-700 dark:text-slate-300">{title}</h2>
      <div
        inert
        className="overflow-hidden rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-950"
      >
        {children}
      </div>
    </section>
  );
}
