import { describe, expect, it } from 'vitest';
// @vitest-isolate: notify() keeps whether the container mounted in module state, which is what these tests check.
import { act, render, screen } from '@testing-library/react';
import { notify } from '#lib/toast.ts';
import { AppProvider } from './provider.tsx';

describe('toasts', () => {
  it('mounts the container on the first toast, top-right and light as spec §9 says', async () => {
    render(<AppProvider>page</AppProvider>);
    expect(document.querySelector('.Toastify')).toBeNull();
    await act(() => notify('success', 'Updated Successfully'));
    expect(await screen.findByText('Updated Successfully')).toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    expect(document.querySelector('.Toastify__toast-theme--light')).not.toBeNull();
  });

  it('sits below the 4 rem header so the balance and Log out stay clickable', async () => {
    render(<AppProvider>page</AppProvider>);
    await act(() => notify('info', 'Below the header'));
    await screen.findByText('Below the header');
    const container = document.querySelector<HTMLElement>('.Toastify__toast-container')!;
    expect(container.style.top).toMatch(/^calc\(4\.5rem/);
  });
});
