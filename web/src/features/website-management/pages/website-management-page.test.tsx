import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PUT, settingsApi } from '../test-data.ts';
import WebsiteManagementPage from './website-management-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const open = (section: string) =>
  renderWithProviders(<WebsiteManagementPage />, { path: `/admin/website-management?section=${section}` });

// These walk whole editing sessions keystroke by keystroke: on a busy machine that outlasts 5 s.
describe('WebsiteManagementPage: social links and copyright', { timeout: 20_000 }, () => {
  it('saves only the social links, after refusing a link that is not https', async () => {
    const fetch = settingsApi({
      SocialLinks: JSON.stringify([{ social: 'Discord', link: 'https://discord.gg/old' }]),
      Copyright: '© 2026 Example Proxies',
    });
    open('social');
    const discord = await screen.findByLabelText('Discord link');
    expect(discord).toHaveValue('https://discord.gg/old');
    expect(screen.getByText('No change recorded yet')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Telegram link'), 'http://t.me/example');
    expect(await screen.findByText('Use an https:// link')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save social links' }));
    expect(callsTo(fetch, PUT)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Telegram link'));
    await userEvent.type(screen.getByLabelText('Telegram link'), 'https://t.me/example');
    await userEvent.clear(discord);
    await userEvent.click(screen.getByRole('button', { name: 'Save social links' }));

    await waitFor(() => expect(callsTo(fetch, PUT)).toHaveLength(1));
    expect(callsTo(fetch, PUT)[0]!.body).toEqual({
      SocialLinks: JSON.stringify([{ social: 'Telegram', link: 'https://t.me/example' }]),
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText(/Last changed Nov 25, 2026, \d\d:00 by admin/)).toBeInTheDocument();

    // The preview is the public footer: the copyright line and only the services filled in.
    const preview = screen.getByRole('region', { name: 'Preview: the public footer' });
    expect(within(preview).getByText('© 2026 Example Proxies')).toBeInTheDocument();
    expect(within(preview).getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', 'https://t.me/example');
    expect(within(preview).queryByRole('link', { name: 'Discord' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal next to the form and keeps the edit', async () => {
    settingsApi({}, { put: { status: 400, message: 'Copyright: at most 200 characters', payload: { error: 'x' } } });
    open('copyright');
    const field = await screen.findByLabelText('Copyright line');
    await userEvent.type(field, '© Example');
    await userEvent.click(screen.getByRole('button', { name: 'Save copyright' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Copyright: at most 200 characters');
    expect(field).toHaveValue('© Example');
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});

describe('WebsiteManagementPage: announcements, FAQ and status', { timeout: 20_000 }, () => {
  it('tells live, scheduled and ended announcements apart and saves a new one with its window', async () => {
    const day = 86_400_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const item = (id: string, startsAt: string | null, endsAt: string | null) => ({
      id,
      title: `Title ${id}`,
      message: `Message ${id}`,
      level: 'info',
      createdAt: at(-10 * day),
      startsAt,
      endsAt,
    });
    const fetch = settingsApi({
      Announcements: JSON.stringify([
        item('live', at(-day), null),
        item('later', at(day), null),
        item('over', null, at(-day)),
      ]),
    });
    open('announcements');
    const list = await screen.findByRole('list', { name: 'Announcements' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Live now')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Scheduled')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Ended')).toBeInTheDocument();
    // Customers see only the live one.
    const preview = screen.getByRole('region', { name: 'Preview: the customer dashboard' });
    expect(within(preview).getByText('Title live')).toBeInTheDocument();
    expect(within(preview).queryByText('Title later')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add announcement' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save announcements' }));
    expect(screen.getAllByText('Title is required').length).toBeGreaterThan(0);
    expect(callsTo(fetch, PUT)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Title, announcement 1'), 'Maintenance tonight');
    await userEvent.type(screen.getByLabelText('Message, announcement 1'), 'The gateway restarts at 02:00 UTC.');
    await userEvent.selectOptions(screen.getByLabelText('Kind, announcement 1'), 'warning');
    await userEvent.type(screen.getByLabelText('Show until (optional), announcement 1'), '2030-01-02T03:04');
    await userEvent.click(screen.getByRole('button', { name: 'Remove announcement 4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save announcements' }));

    await waitFor(() => expect(callsTo(fetch, PUT)).toHaveLength(1));
    const body = callsTo(fetch, PUT)[0]!.body as { Announcements: string };
    expect(Object.keys(body)).toEqual(['Announcements']);
    const saved = JSON.parse(body.Announcements) as Array<Record<string, unknown>>;
    expect(saved.map((a) => a.id)).toEqual([expect.any(String), 'live', 'later']);
    expect(saved[0]).toMatchObject({
      title: 'Maintenance tonight',
      message: 'The gateway restarts at 02:00 UTC.',
      level: 'warning',
      startsAt: null,
      endsAt: new Date('2030-01-02T03:04').toISOString(),
    });
  });

  it('adds, reorders and removes questions and saves them in that order', async () => {
    const fetch = settingsApi({
      FAQ: JSON.stringify([
        { question: 'How do I pay?', answer: 'By card.' },
        { question: 'Can I get a refund?', answer: 'Within 24 hours.' },
      ]),
    });
    open('faq');
    await screen.findByLabelText('Question 1');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    // The new question has the focus: typing goes straight into it.
    expect(screen.getByLabelText('Question 3')).toHaveFocus();
    await userEvent.keyboard('Which countries?');
    await userEvent.type(screen.getByLabelText('Answer 3'), 'Over 190.');
    await userEvent.click(screen.getByRole('button', { name: 'Move question 3 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect(screen.getByRole('button', { name: 'Move question 1 up' })).toBeDisabled();

    const preview = screen.getByRole('region', { name: 'Preview: the FAQ page' });
    expect(
      within(preview)
        .getAllByRole('group')
        .map((item) => item.querySelector('summary')?.textContent),
    ).toEqual(['Which countries?', 'Can I get a refund?']);

    await userEvent.click(screen.getByRole('button', { name: 'Save FAQ' }));
    await waitFor(() => expect(callsTo(fetch, PUT)).toHaveLength(1));
    expect(JSON.parse((callsTo(fetch, PUT)[0]!.body as { FAQ: string }).FAQ)).toEqual([
      { question: 'Which countries?', answer: 'Over 190.' },
      { question: 'Can I get a refund?', answer: 'Within 24 hours.' },
    ]);
  });

  it('saves the status with its components and the time it was saved', async () => {
    const fetch = settingsApi();
    open('status');
    await userEvent.selectOptions(await screen.findByLabelText('Overall state'), 'degraded');
    await userEvent.clear(screen.getByLabelText('Message'));
    await userEvent.type(screen.getByLabelText('Message'), 'Mobile proxies are slow in Germany');
    await userEvent.click(screen.getByRole('button', { name: 'Add component' }));
    await userEvent.type(screen.getByLabelText('Component 1 name'), 'Mobile gateway');
    await userEvent.selectOptions(screen.getByLabelText('Component 1 state'), 'outage');
    const preview = screen.getByRole('region', { name: 'Preview: the status page' });
    expect(within(preview).getByText('Degraded performance')).toBeInTheDocument();
    expect(within(preview).getByText('Mobile gateway')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save status' }));
    await waitFor(() => expect(callsTo(fetch, PUT)).toHaveLength(1));
    const status = JSON.parse((callsTo(fetch, PUT)[0]!.body as { Status: string }).Status);
    expect(status).toEqual({
      overall: 'degraded',
      message: 'Mobile proxies are slow in Germany',
      components: [{ name: 'Mobile gateway', state: 'outage' }],
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});

describe('WebsiteManagementPage: leaving with unsaved edits', { timeout: 20_000 }, () => {
  it('asks before switching section and keeps the edit when the operator stays', async () => {
    settingsApi();
    const { router } = open('copyright');
    await userEvent.type(await screen.findByLabelText('Copyright line'), '© Mine');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.search).toBe('?section=copyright');
    expect(screen.getByLabelText('Copyright line')).toHaveValue('© Mine');

    await userEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.search).toBe('?section=faq'));
    expect(await screen.findByRole('button', { name: 'Add question' })).toBeInTheDocument();
  });

  it('says when the stored value cannot be read and starts from the default', async () => {
    settingsApi({ FAQ: '[{"question":"No answer"}]' });
    open('faq');
    expect(await screen.findByText('The saved value could not be read')).toBeInTheDocument();
    expect(screen.getByText('No questions')).toBeInTheDocument();
  });

  it('opens the section named in the address and falls back to social links', async () => {
    settingsApi();
    open('nonsense');
    expect(await screen.findByLabelText('Discord link')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Social links' })).toHaveAttribute('aria-current', 'page');
  });
});
