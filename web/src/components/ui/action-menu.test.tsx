import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Trash2 } from 'lucide-react';
import { renderWithProviders } from '../../test/render.tsx';
import { ActionMenu } from './action-menu.tsx';
import { useConfirm, type ConfirmOptions } from './use-confirm.tsx';

/** A row with a menu whose "Delete" asks first, as list screens use the two together. */
function Row({
  action,
  failure,
  onAnswer,
}: {
  action?: ConfirmOptions['action'];
  failure?: ConfirmOptions['failure'];
  onAnswer: (yes: boolean) => void;
}) {
  const { confirm, dialog } = useConfirm();
  const [renamed, setRenamed] = useState(false);
  return (
    <>
      <p>{renamed ? 'Renamed' : 'Original'}</p>
      <ActionMenu
        label="Actions for row one"
        groups={[
          [
            { label: 'Rename', onSelect: () => setRenamed(true) },
            { label: 'Open', to: '/rows/1' },
            { label: 'Archive', onSelect: () => undefined, disabled: true },
          ],
          [
            {
              label: 'Delete',
              icon: Trash2,
              danger: true,
              onSelect: () =>
                void confirm({
                  title: 'Delete row one?',
                  description: 'It cannot be restored.',
                  confirmLabel: 'Delete',
                  ...(action ? { action } : {}),
                  ...(failure ? { failure } : {}),
                }).then(onAnswer),
            },
          ],
        ]}
      />
      {dialog}
    </>
  );
}

const openMenu = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Actions for row one' }));
  return screen.findByRole('menu');
};

describe('ActionMenu', () => {
  it('lists actions and links as menu items, runs the chosen one and closes', async () => {
    renderWithProviders(<Row onAnswer={() => undefined} />, { route: '/' });
    const menu = await openMenu();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Rename',
      'Open',
      'Archive',
      'Delete',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Archive' })).toHaveAttribute('aria-disabled', 'true');
    expect(menu.querySelector('[role="separator"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(screen.getByText('Renamed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('is keyboard driven: Enter opens, arrows move, Escape closes and focus returns', async () => {
    renderWithProviders(<Row onAnswer={() => undefined} />, { route: '/' });
    screen.getByRole('button', { name: 'Actions for row one' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Open' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Actions for row one' })).toHaveFocus();
  });
});

describe('useConfirm', () => {
  it('answers false on Cancel and true on confirm', async () => {
    const answers: boolean[] = [];
    renderWithProviders(<Row onAnswer={(yes) => answers.push(yes)} />, { route: '/' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete row one?' });
    expect(dialog).toHaveAccessibleDescription('It cannot be restored.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(answers).toEqual([false]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(answers).toEqual([false, true]));
  });

  it('keeps the dialog open with the failure when the action fails, and closes once it succeeds', async () => {
    const action = vi.fn<() => Promise<unknown>>().mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce(null);
    const answers: boolean[] = [];
    renderWithProviders(<Row action={action} onAnswer={(yes) => answers.push(yes)} />, { route: '/' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    // A crash is named in the dialog (a lost connection is only logged, rule 89).
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(answers).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(answers).toEqual([true]));
    expect(action).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names a failure in the words the caller gives', async () => {
    const action = vi.fn<() => Promise<unknown>>().mockRejectedValue(new Error('boom'));
    renderWithProviders(
      <Row action={action} failure={() => 'Row one could not be deleted'} onAnswer={() => undefined} />,
      { route: '/' },
    );
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Row one could not be deleted');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
