import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // A toast raised with no container mounted waits in react-toastify's queue for the next one: in a
  // shared worker, the next file's. With no container left, dismissing all empties that queue.
  toast.dismiss?.();
  localStorage.clear();
  document.documentElement.className = '';
});
