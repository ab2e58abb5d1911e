import { useState } from 'react';
import { settingsSocialLinksSchema, type SettingsPayload } from '@tollgate/contract/admin/settings';
import { SOCIAL_SERVICES, type SocialLink } from '@tollgate/contract/general/landing';
import { Footer } from '#components/site/site-footer.tsx';
import { SocialIcon } from '#components/social-icon.tsx';
import { Input } from '#components/ui/input.tsx';
import { issueMap, readSetting } from '../utils/setting-values.ts';
import { Preview, SettingCard } from './setting-card.tsx';
import { useShownCopyright } from '../api/settings.ts';

type Service = SocialLink['social'];
type Draft = Record<Service, string>;

const PLACEHOLDERS: Record<Service, string> = {
  Discord: 'https://discord.gg/your-server',
  Telegram: 'https://t.me/your-channel',
  Instagram: 'https://www.instagram.com/your-account',
  Twitter: 'https://x.com/your-account',
  Facebook: 'https://www.facebook.com/your-page',
};

function draftOf(text: string | undefined): Draft {
  const { value } = readSetting(text, settingsSocialLinksSchema, []);
  return Object.fromEntries(
    SOCIAL_SERVICES.map((service) => [service, value.find((item) => item.social === service)?.link ?? '']),
  ) as Draft;
}

/** The filled-in services, in the order the footer shows them. */
const linksOf = (draft: Draft) =>
  SOCIAL_SERVICES.filter((service) => draft[service].trim()).map((social) => ({
    social,
    link: draft[social].trim(),
  }));

/** Social links: one https address per service of spec §3; an empty field hides that service. */
export function SocialLinksSection({ settings }: { settings: SettingsPayload }) {
  const [saved, setSaved] = useState(() => draftOf(settings.settings.SocialLinks));
  const [draft, setDraft] = useState(saved);
  const [attempted, setAttempted] = useState(false);
  const links = linksOf(draft);
  const result = settingsSocialLinksSchema.safeParse(links);
  const issues = issueMap(result);
  const errorFor = (service: Service) => {
    const index = links.findIndex((item) => item.social === service);
    return index >= 0 && (attempted || draft[service] !== saved[service]) ? issues[`${index}.link`] : undefined;
  };
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const validLinks = links.filter((_, index) => !issues[`${index}.link`]);
  const copyright = useShownCopyright(settings.settings.Copyright ?? '', settings.settings.Copyright ?? '');

  return (
    <div className="space-y-6">
      <SettingCard
        id="SocialLinks"
        title="Social links"
        description="Shown in the public footer and in the customer sidebar under “Connect with us”. Leave a field empty to hide that service."
        keys={['SocialLinks']}
        settings={settings}
        dirty={dirty}
        build={() => {
          setAttempted(true);
          return result.success ? { SocialLinks: JSON.stringify(result.data) } : null;
        }}
        onSaved={() => setSaved(draft)}
        onDiscard={() => {
          setDraft(saved);
          setAttempted(false);
        }}
      >
        <div className="grid gap-4 md:grid-cols-2">
          {SOCIAL_SERVICES.map((service) => (
            <Input
              key={service}
              label={`${service} link`}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder={PLACEHOLDERS[service]}
              leading={<SocialIcon social={service} />}
              value={draft[service]}
              error={errorFor(service)}
              onChange={(event) => setDraft((current) => ({ ...current, [service]: event.target.value }))}
            />
          ))}
        </div>
      </SettingCard>
      <Preview title="Preview: the public footer">
        <Footer data={{ SocialLinks: { value: validLinks }, Copyright: copyright }} />
      </Preview>
    </div>
  );
}
