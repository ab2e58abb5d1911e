import { useState } from 'react';
import {
  settingsCopyrightSchema,
  settingsSocialLinksSchema,
  type SettingsPayload,
} from '@tollgate/contract/admin/settings';
import { Footer } from '#components/site/site-footer.tsx';
import { Input } from '#components/ui/input.tsx';
import { useShownCopyright } from '../api/settings.ts';
import { readSetting } from '../utils/setting-values.ts';
import { Preview, SettingCard } from './setting-card.tsx';

/** The copyright line under the public footer's logo; empty brings back the shop's default line. */
export function CopyrightSection({ settings }: { settings: SettingsPayload }) {
  const stored = settings.settings.Copyright ?? '';
  const [saved, setSaved] = useState(stored);
  const [draft, setDraft] = useState(saved);
  const [attempted, setAttempted] = useState(false);
  const result = draft.trim() ? settingsCopyrightSchema.safeParse(draft) : null;
  const error =
    result && !result.success && (attempted || draft !== saved) ? result.error.issues[0]?.message : undefined;
  const shown = useShownCopyright(draft, stored);
  const social = readSetting(settings.settings.SocialLinks, settingsSocialLinksSchema, []).value;

  return (
    <div className="space-y-6">
      <SettingCard
        id="Copyright"
        title="Copyright"
        description="The line under the logo in the public footer."
        keys={['Copyright']}
        settings={settings}
        dirty={draft.trim() !== saved.trim()}
        build={() => {
          setAttempted(true);
          if (!result) return { Copyright: '' };
          return result.success ? { Copyright: result.data } : null;
        }}
        onSaved={() => setSaved(draft.trim())}
        onDiscard={() => {
          setDraft(saved);
          setAttempted(false);
        }}
      >
        <Input
          label="Copyright line"
          value={draft}
          maxLength={200}
          placeholder={`© ${new Date().getFullYear()} Your company. All rights reserved.`}
          hint="Up to 200 characters. Leave empty to show the shop’s default line."
          error={error}
          onChange={(event) => setDraft(event.target.value)}
        />
      </SettingCard>
      <Preview title="Preview: the public footer">
        <Footer data={{ SocialLinks: { value: social }, Copyright: shown }} />
      </Preview>
    </div>
  );
}
