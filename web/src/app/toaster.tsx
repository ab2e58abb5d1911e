import { ToastContainer } from 'react-toastify';

/**
 * Below the 4 rem headers (top bar and public header), so a toast never covers the balance,
 * the theme switch or Log out while it waits its 5 s; at 375 px it spans the width under them.
 */
export const TOAST_OFFSET = 'calc(4.5rem + env(safe-area-inset-top, 0px))';

/** Spec §9: top-right, 5000 ms, pause on hover and focus loss, draggable at 80 %, light theme. */
export default function Toaster() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      theme="light"
      style={{ top: TOAST_OFFSET }}
    />
  );
}
