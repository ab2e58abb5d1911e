import { useRef, useState } from 'react';
import { Megaphone, Plus, Trash2 } from 'lucide-react';
import { settingsAnnouncementsSchema, type SettingsPayload } from '@tollgate/contract/admin/settings';
import type { Announcement } from '@tollgate/contract/general/landing';
import { AnnouncementsCard } from '#components/site/announcements-card.tsx';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import { EmptyState } from '#components/ui/empty-state.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { toLocalInput } from '#lib/local-datetime.ts';
import {
  fromLocalInput,
  issueMap,
  newId,
  readSetting,
  windowState,
  type WindowState,
} from '../utils/setting-values.ts';
import { Preview, SettingCard } from './setting-card.tsx';

interface Row {
  id: string;
  title: string;
  message: string;
  level: Announcement['level'];
  createdAt: string;
  /** As the datetime-local inputs hold them (browser time zone). */
  startsAt: string;
  endsAt: string;
}

const LEVELS: Array<[Announcement['level'], string]> = [
  ['info', 'Information'],
  ['success', 'Good news'],
  ['warning', 'Warning'],
];
const STATES: Record<WindowState, { label: string; tone: BadgeTone }> = {
  live: { label: 'Live now', tone: 'success' },
  scheduled: { label: 'Scheduled', tone: 'info' },
  ended: { label: 'Ended', tone: 'neutral' },
};

function rowsOf(text: string | undefined): Row[] {
  return readSetting(text, settingsAnnouncementsSchema, []).value.map((item) => ({
    ...item,
    startsAt: toLocalInput(item.startsAt),
    endsAt: toLocalInput(item.endsAt),
  }));
}

const valueOf = (rows: Row[]) =>
  rows.map((row) => ({
    id: row.id,
    title: row.title,
    message: row.message,
    level: row.level,
    createdAt: row.createdAt,
    startsAt: fromLocalInput(row.startsAt),
    endsAt: fromLocalInput(row.endsAt),
  }));

/** News for customers with an optional window: the dashboard shows those live now, newest first. */
export function AnnouncementsSection({ settings }: { settings: SettingsPayload }) {
  const [saved, setSaved] = useState(() => rowsOf(settings.settings.Announcements));
  const [rows, setRows] = useState(saved);
  const [attempted, setAttempted] = useState(false);
  // The title of an announcement just added takes the focus, so typing can start at once.
  const added = useRef<string | null>(null);
  const value = valueOf(rows);
  const result = settingsAnnouncementsSchema.safeParse(value);
  const issues = attempted ? issueMap(result) : {};
  const dirty = JSON.stringify(rows) !== JSON.stringify(saved);
  const edit = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const live = value
    .filter((item) => windowState(item) === 'live' && item.title.trim() && item.message.trim())
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const hidden = value.length - live.length;

  return (
    <div className="space-y-6">
      <SettingCard
        id="Announcements"
        title="Announcements"
        description="Shown on the customer dashboard and the home page while they are live. Times are in your time zone."
        keys={['Announcements']}
        settings={settings}
        dirty={dirty}
        build={() => {
          setAttempted(true);
          return result.success ? { Announcements: JSON.stringify(result.data) } : null;
        }}
        onSaved={() => setSaved(rows)}
        onDiscard={() => {
          setRows(saved);
          setAttempted(false);
        }}
      >
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            setRows((current) => [
              {
                id: (added.current = newId()),
                title: '',
                message: '',
                level: 'info',
                createdAt: new Date().toISOString(),
                startsAt: '',
                endsAt: '',
              },
              ...current,
            ])
          }
        >
          <Plus className="size-4" aria-hidden="true" />
          Add announcement
        </Button>
        {rows.length === 0 ? (
          <EmptyState
            icon={Megaphone}
            title="No announcements"
            description="Add one to tell customers about maintenance, new locations or offers."
          />
        ) : (
          <ol className="space-y-4" aria-label="Announcements">
            {rows.map((row, index) => {
              const state = STATES[windowState(value[index]!)];
              const number = index + 1;
              const endsBeforeStart =
                attempted && row.startsAt && row.endsAt && row.startsAt > row.endsAt
                  ? 'The end is before the start'
                  : undefined;
              return (
                <li key={row.id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                  <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                    <div className="flex items-center gap-2">
                      <span className="text-sm font-semibold text-slate-900 dark:text-white">
                        {row.title.trim() || `Announcement ${number}`}
                      </span>
                      <Badge tone={state.tone}>{state.label}</Badge>
                    </div>
                    <Button
                      variant="ghost-danger"
                      size="sm"
                      aria-label={`Remove announcement ${number}`}
                      onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      Remove
                    </Button>
                  </div>
                  <div className="grid gap-4 md:grid-cols-[1fr_12rem]">
                    <Input
                      label="Title"
                      aria-label={`Title, announcement ${number}`}
                      autoFocus={row.id === added.current}
                      value={row.title}
                      maxLength={120}
                      error={issues[`${index}.title`]}
                      onChange={(event) => edit(index, { title: event.target.value })}
                    />
                    <Select
                      label="Kind"
                      aria-label={`Kind, announcement ${number}`}
                      value={row.level}
                      onChange={(event) => edit(index, { level: event.target.value as Row['level'] })}
                    >
                      {LEVELS.map(([level, label]) => (
                        <option key={level} value={level}>
                          {label}
                        </option>
                      ))}
                    </Select>
                  </div>
                  <Textarea
                    className="mt-4"
                    label="Message"
                    aria-label={`Message, announcement ${number}`}
                    rows={3}
                    maxLength={2000}
                    value={row.message}
                    error={issues[`${index}.message`]}
                    onChange={(event) => edit(index, { message: event.target.value })}
                  />
                  <div className="mt-4 grid gap-4 sm:grid-cols-2">
                    <Input
                      label="Show from (optional)"
                      aria-label={`Show from (optional), announcement ${number}`}
                      type="datetime-local"
                      value={row.startsAt}
                      hint="Empty: from now on."
                      onChange={(event) => edit(index, { startsAt: event.target.value })}
                    />
                    <Input
                      label="Show until (optional)"
                      aria-label={`Show until (optional), announcement ${number}`}
                      type="datetime-local"
                      value={row.endsAt}
                      hint="Empty: until you remove it."
                      error={endsBeforeStart}
                      onChange={(event) => edit(index, { endsAt: event.target.value })}
                    />
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        {issues[''] && <p className="text-sm text-red-600 dark:text-red-400">{issues['']}</p>}
      </SettingCard>
      <Preview title="Preview: the customer dashboard">
        <AnnouncementsCard items={live} />
        {hidden > 0 && (
          <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
            {hidden} {hidden === 1 ? 'announcement is' : 'announcements are'} not shown now (scheduled, ended or
            unfinished).
          </p>
        )}
      </Preview>
    </div>
  );
}
