import { ToastContainer } from 'react-toastify';

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
    />
  );
}
