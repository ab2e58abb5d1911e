import type { ComponentProps } from 'react';
import { MAX_SESSION_LIFETIME } from '@tollgate/contract/proxies/proxy-username';
import { SESSION_TYPES } from '@tollgate/contract/proxies/proxies';
import { Input } from '#components/ui/input.tsx';
import { SESSION_LABELS, type SessionType } from '../utils/labels.ts';
import { SegmentedControl } from './segmented-control.tsx';

/** Rotating or sticky, and a sticky session's lifetime: the same pair in the list builder and the settings. */
export function SessionFields({
  session,
  onSession,
  lifetime,
}: {
  session: SessionType;
  onSession: (session: SessionType) => void;
  /** The form's field props for the lifetime input. */
  lifetime: Omit<ComponentProps<typeof Input>, 'label'>;
}) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <SegmentedControl
        legend="Session"
        options={SESSION_TYPES}
        labels={SESSION_LABELS}
        value={session}
        onChange={onSession}
      />
      {session === 'sticky' && (
        <Input
          label="Session lifetime (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SESSION_LIFETIME}
          step={1}
          {...lifetime}
        />
      )}
    </div>
  );
}
