/** The login gate: "Invalid password" for a wrong one, "Error verifying password…" when the check fails. */
import { zodResolver } from "@hookform/resolvers/zod";
import { LockKeyhole, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { AdminSessionInfo } from "../../features/admin-auth/contract/endpoints";
import { adminLoginSchema, adminMessages, type AdminLogin } from "../../features/admin-auth/contract/forms";
import { ApiError, adminApi } from "../api";
import { Button } from "./ui";

function waitText(seconds: number | undefined): string {
  if (!seconds) return "Too many sign-in attempts. Please wait a few minutes and try again.";
  const minutes = Math.ceil(seconds / 60);
  return `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

export function LoginForm({
  sessionExpired = false,
  onSignedIn,
}: {
  /** The session ended (expired or revoked elsewhere): say so above the form. */
  sessionExpired?: boolean;
  onSignedIn: (session: AdminSessionInfo) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const notice = sessionExpired ? adminMessages.sessionExpired : null;
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AdminLogin>({ resolver: zodResolver(adminLoginSchema), defaultValues: { password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSignedIn(await adminApi.login(values));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        setError("password", { message: adminMessages.invalidPassword });
        setFocus("password");
      } else if (err instanceof ApiError && err.status === 429) {
        setFailure(waitText(err.retryAfterSeconds));
      } else if (err instanceof ApiError && err.code === "admin_password_not_set") {
        setFailure(err.message);
      } else {
        console.error("Admin login failed", err);
        setFailure(adminMessages.loginError);
      }
    }
  });

  const error = errors.password?.message;
  return (
    <div className="mx-auto max-w-sm">
      <div className="rounded-card bg-white p-6 shadow-card sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <LockKeyhole aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-bold text-brand-900">Admin Login</h1>
          <p className="mt-1 text-sm text-slate-600">Enter the admin password to continue.</p>
        </div>
        {notice ? (
          <p role="status" className="mb-4 rounded-lg bg-accent-50 px-3 py-2 text-sm text-accent-900">
            {notice}
          </p>
        ) : null}
        <form noValidate onSubmit={(e) => void onSubmit(e)}>
          <label htmlFor="admin-password" className="block text-sm font-semibold text-slate-800">
            Password <span aria-hidden="true">*</span>
          </label>
          <input
            id="admin-password"
            type="password"
            autoComplete="current-password"
            required
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "admin-password-error" : undefined}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 text-base aria-invalid:border-danger-600"
            {...register("password")}
          />
          {error ? (
            <p id="admin-password-error" role="alert" className="mt-1 text-sm font-medium text-danger-600">
              {error}
            </p>
          ) : null}
          {failure ? (
            <p
              role="alert"
              className="mt-4 rounded-lg bg-danger-50 px-3 py-2 text-sm font-medium text-danger-600"
            >
              {failure}
            </p>
          ) : null}
          <Button type="submit" className="mt-6 w-full" disabled={isSubmitting}>
            {isSubmitting ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
            ) : null}
            {isSubmitting ? "Signing in..." : "Sign in"}
          </Button>
        </form>
      </div>
    </div>
  );
}
