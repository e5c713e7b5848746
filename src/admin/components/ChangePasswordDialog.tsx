/** Change Password dialog: closes and resets on success. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  adminMessages,
  adminPasswordChangeSchema,
  minPasswordLength,
  type AdminPasswordChange,
} from "../../features/admin-auth/contract/forms";
import { ApiError, adminApi } from "../api";
import { AdminDialog } from "./dialogs";
import { Button } from "./ui";

const fields = [
  { name: "currentPassword", label: "Current Password", autoComplete: "current-password" },
  { name: "newPassword", label: "New Password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm New Password", autoComplete: "new-password" },
] as const;

const empty: AdminPasswordChange = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdminPasswordChange>({
    resolver: zodResolver(adminPasswordChangeSchema),
    defaultValues: empty,
  });

  const close = (next: boolean) => {
    if (!next) reset(empty);
    onOpenChange(next);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await adminApi.changePassword(values);
      toast.success(adminMessages.passwordUpdatedTitle, { description: adminMessages.passwordUpdated });
      close(false);
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.status === 401) return; // the session ended: the app shows the login gate
        const fieldErrors = Object.entries(err.fields);
        if (err.status === 422 && fieldErrors.length > 0) {
          for (const [name, message] of fieldErrors) {
            if (name === "currentPassword" || name === "newPassword" || name === "confirmPassword") {
              setError(name, { message }, { shouldFocus: true });
            }
          }
          return;
        }
        toast.error(
          adminMessages.passwordUpdateFailed,
          err.status === 429 ? { description: err.message } : {},
        );
        return;
      }
      console.error("Changing the admin password failed", err);
      toast.error(adminMessages.passwordChangeError);
    }
  });

  return (
    <AdminDialog
      open={open}
      onOpenChange={close}
      title="Change Password"
      description={`Choose a new password of at least ${minPasswordLength} characters. Other signed-in devices will be signed out.`}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        {fields.map((field) => {
          const error = errors[field.name]?.message;
          const id = `admin-${field.name}`;
          return (
            <div key={field.name}>
              <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
                {field.label} <span aria-hidden="true">*</span>
              </label>
              <input
                id={id}
                type="password"
                autoComplete={field.autoComplete}
                required
                aria-required="true"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 text-base aria-invalid:border-danger-600"
                {...register(field.name)}
              />
              {error ? (
                <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-danger-600">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Updating..." : "Update Password"}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}
