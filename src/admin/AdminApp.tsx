/**
 * The admin app. Each admin page mounts
 * it with the screen to show; the app asks the server who is signed in and shows the login gate
 * until a session exists. Nothing in browser storage grants access: the session is an HttpOnly
 * cookie set by the server.
 */
import { useCallback, useEffect, useState } from "react";
import { Toaster, toast } from "sonner";
import type { AdminSessionInfo } from "../lib/contracts/admin";
import { adminMessages } from "../features/admin-auth/contract/forms";
import { adminApi, sessionEndedEvent } from "./api";
import { AdminFrame } from "./components/AdminFrame";
import { AvailabilityScreen } from "./components/AvailabilityScreen";
import { Dashboard } from "./components/Dashboard";
import { LoginForm } from "./components/LoginForm";
import { PersonToolsScreen } from "./components/PersonToolsScreen";
import { SubmissionsScreen } from "./components/SubmissionsScreen";
import { TestimonialsScreen } from "./components/TestimonialsScreen";
import { Button, Spinner } from "./components/ui";

export type AdminScreen = "dashboard" | "testimonials" | "submissions" | "availability" | "people";

type Gate =
  | { state: "checking" }
  | { state: "error" }
  | { state: "signed-out"; notice?: string }
  | { state: "signed-in"; session: AdminSessionInfo };

export default function AdminApp({ screen }: { screen: AdminScreen }) {
  const [gate, setGate] = useState<Gate>({ state: "checking" });

  const check = useCallback(async () => {
    setGate({ state: "checking" });
    try {
      const session = await adminApi.session();
      setGate(session ? { state: "signed-in", session } : { state: "signed-out" });
    } catch (err) {
      console.error("Checking the admin session failed", err);
      setGate({ state: "error" });
    }
  }, []);

  useEffect(() => {
    // Loading external state on mount; the setState calls happen after the awaited fetch.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void check();
  }, [check]);

  // Any admin call answered 401 means the session expired or was revoked elsewhere: back to the gate.
  useEffect(() => {
    const onEnded = () => setGate({ state: "signed-out", notice: adminMessages.sessionExpired });
    window.addEventListener(sessionEndedEvent, onEnded);
    return () => window.removeEventListener(sessionEndedEvent, onEnded);
  }, []);

  const logout = useCallback(async () => {
    try {
      await adminApi.logout();
    } catch (err) {
      // A 401 here means the session had already ended; the owner is signed out either way.
      console.warn("Logout request failed", err);
    }
    toast.success(adminMessages.loggedOutTitle, { description: adminMessages.loggedOut });
    setGate({ state: "signed-out" });
  }, []);

  let body;
  switch (gate.state) {
    case "checking":
      body = <Spinner label="Checking your session…" />;
      break;
    case "error":
      body = (
        <div
          role="alert"
          className="mx-auto max-w-md rounded-card border border-red-200 bg-danger-50 p-6 text-center"
        >
          <p className="font-semibold text-danger-600">The admin area could not reach the server.</p>
          <Button className="mt-4" onClick={() => void check()}>
            Try Again
          </Button>
        </div>
      );
      break;
    case "signed-out":
      body = (
        <LoginForm
          {...(gate.notice ? { notice: gate.notice } : {})}
          onSignedIn={(session) => setGate({ state: "signed-in", session })}
        />
      );
      break;
    case "signed-in":
      body =
        screen === "testimonials" ? (
          <TestimonialsScreen />
        ) : screen === "submissions" ? (
          <SubmissionsScreen />
        ) : screen === "availability" ? (
          <AvailabilityScreen />
        ) : screen === "people" ? (
          <PersonToolsScreen />
        ) : (
          <Dashboard onLogout={logout} />
        );
  }

  return (
    <>
      <AdminFrame>{body}</AdminFrame>
      <Toaster position="top-center" richColors closeButton />
    </>
  );
}
