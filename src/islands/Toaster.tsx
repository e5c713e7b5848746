/**
 * The toast outlet (sonner). Each form island renders one next to itself: islands are separate React
 * roots, so a toast shows only if its own root has an outlet. Colours are the site's, with text
 * that meets WCAG AA on its background.
 */
import { Toaster as Sonner } from "sonner";

export function Toaster() {
  return (
    <Sonner
      position="top-center"
      closeButton
      duration={6000}
      containerAriaLabel="Notifications"
      toastOptions={{
        classNames: {
          toast: "!rounded-xl !border !border-slate-200 !bg-white !text-slate-900 !shadow-lg !font-sans",
          title: "!text-[0.95rem] !font-semibold !leading-snug",
          description: "!text-sm !text-slate-700",
          success: "[&_[data-icon]]:!text-success-600",
          error: "[&_[data-icon]]:!text-danger-600",
          closeButton: "!border-slate-300 !bg-white !text-slate-700",
        },
      }}
    />
  );
}
