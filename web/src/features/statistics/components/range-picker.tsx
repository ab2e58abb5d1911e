import { useState, type FormEvent } from 'react';
import { GRANULARITIES, type Granularity } from '@tollgate/contract/admin/statistics';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { customRangeProblem, PRESETS, type Preset, type StatisticsRange } from '../utils/date-range.ts';

const GRANULARITY_LABELS: Record<Granularity, string> = { day: 'By day', week: 'By week', month: 'By month' };

/** Preset ranges, a custom from–to (UTC days) and the bucket size; every choice lands in the URL. */
export function RangePicker({
  range,
  onChange,
}: {
  range: StatisticsRange;
  onChange: (next: StatisticsRange) => void;
}) {
  const [custom, setCustom] = useState({ from: range.from, to: range.to });
  const [editing, setEditing] = useState(range.preset === 'custom');
  const [problem, setProblem] = useState<string | null>(null);

  const choosePreset = (preset: Preset) => {
    if (preset === 'custom') {
      setCustom({ from: range.from, to: range.to });
      setEditing(true);
      return;
    }
    setEditing(false);
    setProblem(null);
    onChange({ ...range, preset });
  };
  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    const why = customRangeProblem(custom.from, custom.to);
    setProblem(why);
    if (!why) onChange({ ...range, preset: 'custom', ...custom });
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      <Select
        label="Date range"
        value={editing ? 'custom' : range.preset}
        onChange={(e) => choosePreset(e.target.value as Preset)}
        className="w-44"
      >
        {PRESETS.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </Select>
      {editing && (
        <form onSubmit={applyCustom} className="flex flex-wrap items-end gap-3" aria-label="Custom range" noValidate>
          <Input
            label="From"
            type="date"
            value={custom.from}
            max={custom.to || undefined}
            onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
            className="w-40"
            error={problem ?? undefined}
          />
          <Input
            label="To"
            type="date"
            value={custom.to}
            min={custom.from || undefined}
            onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
            className="w-40"
          />
          <Button type="submit" variant="outline">
            Apply
          </Button>
        </form>
      )}
      <Select
        label="Group"
        value={range.granularity ?? ''}
        onChange={(e) => onChange({ ...range, granularity: (e.target.value || undefined) as Granularity | undefined })}
        className="w-36"
      >
        <option value="">Automatic</option>
        {GRANULARITIES.map((g) => (
          <option key={g} value={g}>
            {GRANULARITY_LABELS[g]}
          </option>
        ))}
      </Select>
    </div>
  );
}
