import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from './use-list-params';

/**
 * The list's settled search can run from a render made before the person clicked a row (React runs
 * a pending effect before it renders the click): `setSearch` from such a render must not undo or
 * follow the navigation the click started.
 */
function listWithRow(opts: { slowRow: boolean }) {
  const captured: { setSearch?: (value: string) => void } = {};
  function List() {
    const params = useListParams({});
    captured.setSearch ??= params.setSearch;
    return <p>list {params.search}</p>;
  }
  let release = () => {};
  const loaded = new Promise<null>((resolve) => (release = () => resolve(null)));
  const router = createMemoryRouter(
    [
      { path: '/admin/accounts', element: <List /> },
      {
        path: '/admin/accounts/:id',
        element: <p>account</p>,
        ...(opts.slowRow ? { loader: () => loaded } : {}),
      },
    ],
    { initialEntries: ['/admin/accounts'] },
  );
  render(<RouterProvider router={router} />);
  return { router, captured, release };
}

describe('useListParams: a search that settles after a row was clicked', () => {
  it('leaves a navigation still loading alone, and it arrives', async () => {
    const { router, captured, release } = listWithRow({ slowRow: true });
    await act(async () => void router.navigate('/admin/accounts/42'));
    expect(router.state.navigation.state).toBe('loading');
    await act(async () => captured.setSearch!('alice'));
    await act(async () => release());
    expect(router.state.location.pathname).toBe('/admin/accounts/42');
    expect(router.state.location.search).toBe('');
  });

  it('does not put the search on the page the click already reached', async () => {
    const { router, captured } = listWithRow({ slowRow: false });
    await act(async () => void router.navigate('/admin/accounts/42'));
    expect(router.state.location.pathname).toBe('/admin/accounts/42');
    await act(async () => captured.setSearch!('alice'));
    expect(router.state.location.pathname).toBe('/admin/accounts/42');
    expect(router.state.location.search).toBe('');
  });

  it('still searches while the person stays on the list', async () => {
    const { router, captured } = listWithRow({ slowRow: true });
    await act(async () => captured.setSearch!('alice'));
    expect(router.state.location.pathname).toBe('/admin/accounts');
    expect(router.state.location.search).toBe('?search=alice');
  });
});
