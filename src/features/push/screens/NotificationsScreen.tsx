/**
 * /admin/notifications: notifications on the owner's phone (docs/decisions/034-push-notifications.md).
 * "Notify me on this device" asks the browser for permission only after that tap; on an iPhone or
 * iPad in a Safari tab it first explains adding the admin to the Home Screen (web push needs iOS
 * 16.4 or later and the installed app). Below: each device that gets them (its name can be
 * changed; when it last received one; remove), a test, the kinds of event, and the quiet hours.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeft, BellRing, Pencil, Send, Share, SquarePlus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { formatDateTime } from "../../../platform/time";
import { ApiError } from "../../../admin/api";
import { queryClient } from "../../../admin/query";
import {
  guessDeviceName,
  pushApi,
  pushSupport,
  thisDeviceId,
  turnOffHere,
  turnOnHere,
  type PushDevice,
  type PushSettings,
} from "./api";
import type { SwitchableKind } from "../contract/kinds";
import { ConfirmDialog } from "../../../admin/components/dialogs";
import { Badge, Button, buttonClass, fieldClass, IconButton, Spinner } from "../../../admin/components/ui";
import { LoadError } from "../../../admin/components/LoadError";

const settingsKey = ["push-settings"] as const;

function failure(err: unknown, what: string): string {
  if (err instanceof ApiError)
    return err.status < 500 && err.status > 0 ? err.message : `${what} failed. Please try again.`;
  return err instanceof Error ? err.message : `${what} failed. Please try again.`;
}

const setSettings = (data: PushSettings) => queryClient.setQueryData(settingsKey, data);
const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKey });

/** The iPhone's way: Share, then Add to Home Screen, then open the admin from the new icon. */
function IosSteps() {
  return (
    <div
      className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-slate-800"
      data-testid="ios-install"
    >
      <p className="font-semibold text-brand-900">
        On an iPhone or iPad, add the admin to your Home Screen first
      </p>
      <p className="mt-1 text-sm">
        Apple only lets an installed web app show notifications, from iOS 16.4 on. In Safari:
      </p>
      <ol className="mt-2 grid gap-1 text-sm">
        <li className="flex items-center gap-2">
          <Share aria-hidden="true" className="size-4 shrink-0" /> 1. Tap Share in the toolbar.
        </li>
        <li className="flex items-center gap-2">
          <SquarePlus aria-hidden="true" className="size-4 shrink-0" /> 2. Choose &ldquo;Add to Home
          Screen&rdquo;, then Add.
        </li>
        <li className="flex items-center gap-2">
          <BellRing aria-hidden="true" className="size-4 shrink-0" /> 3. Open the admin from the new icon,
          come back here and tap &ldquo;Notify me on this device&rdquo;.
        </li>
      </ol>
    </div>
  );
}

function TurnOn({ publicKey }: { publicKey: string | null }) {
  const id = useId();
  const support = pushSupport();
  const [name, setName] = useState(guessDeviceName);
  const [error, setError] = useState<string | null>(null);
  const on = useMutation({
    mutationFn: () => turnOnHere(publicKey!, name.trim()),
    onSuccess: async (device) => {
      setError(null);
      toast.success("Notifications are on for this device", { description: device.name });
      await refresh();
    },
    onError: (err) => setError(failure(err, "Turning notifications on")),
  });
  if (!publicKey) {
    return (
      <p className="rounded-lg bg-amber-50 p-4 text-amber-900">
        Notifications are not set up on this server yet: its VAPID keys are missing (docs/operations.md,
        Notification keys).
      </p>
    );
  }
  if (support.kind === "ios-needs-install") return <IosSteps />;
  if (support.kind === "unsupported") {
    return (
      <p className="rounded-lg bg-slate-100 p-4 text-slate-700">
        This browser cannot show notifications from a website. Use Chrome, Edge, Firefox or Safari (on an
        iPhone, the admin added to the Home Screen).
      </p>
    );
  }
  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) {
          setError("Please give this device a name.");
          return;
        }
        on.mutate();
      }}
    >
      <label className="text-sm font-semibold text-slate-800" htmlFor={`${id}-name`}>
        Name of this device
        <input
          id={`${id}-name`}
          className={fieldClass}
          value={name}
          maxLength={60}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <Button type="submit" disabled={on.isPending}>
        <BellRing aria-hidden="true" className="size-4" />
        {on.isPending ? "Turning on…" : "Notify me on this device"}
      </Button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger-600 sm:col-span-2">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function DeviceRow({ device, onRemove }: { device: PushDevice; onRemove: () => void }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(device.name);
  const here = thisDeviceId() === device.id;
  const rename = useMutation({
    mutationFn: () => pushApi.rename(device.id, name.trim()),
    onSuccess: async () => {
      setEditing(false);
      await refresh();
    },
    onError: (err) => toast.error(failure(err, "Renaming the device")),
  });
  const test = useMutation({
    mutationFn: () => pushApi.test(device.id),
    onSuccess: async (r) => {
      if (r.sent > 0) toast.success("Test sent", { description: `It should show on ${device.name} now.` });
      else toast.error("The test could not be delivered", { description: `${device.name} did not take it.` });
      await refresh();
    },
    onError: (err) => toast.error(failure(err, "Sending the test")),
  });
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="push-device"
    >
      {editing ? (
        <form
          className="flex flex-1 flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            rename.mutate();
          }}
        >
          <label className="min-w-48 flex-1 text-sm font-semibold text-slate-800" htmlFor={`${id}-name`}>
            Device name
            <input
              id={`${id}-name`}
              className={fieldClass}
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <Button type="submit" disabled={rename.isPending || !name.trim()}>
            Save
          </Button>
          <Button variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span className="break-words">{device.name}</span>
            {here ? <Badge tone="brand">This device</Badge> : null}
            {device.failures >= 3 ? <Badge tone="accent">Failing</Badge> : null}
          </p>
          <p className="text-sm text-slate-600">
            {device.lastSuccessAt
              ? `Last notified ${formatDateTime(new Date(device.lastSuccessAt))}`
              : "Not notified yet"}
            {" · "}added {formatDateTime(new Date(device.createdAt), { short: true })}
          </p>
          {device.failures > 0 && device.lastError ? (
            <p className="text-sm text-danger-600">
              {device.failures} failed {device.failures === 1 ? "try" : "tries"} in a row ({device.lastError}
              ). You still get every event by e-mail.
            </p>
          ) : null}
        </div>
      )}
      {editing ? null : (
        <div className="flex shrink-0 gap-1">
          <Button variant="secondary" onClick={() => test.mutate()} disabled={test.isPending}>
            <Send aria-hidden="true" className="size-4" />
            Send a test
          </Button>
          <IconButton label={`Rename ${device.name}`} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="size-4" />
          </IconButton>
          <IconButton label={`Remove ${device.name}`} onClick={onRemove}>
            <Trash2 aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
      )}
    </li>
  );
}

function Kinds({ settings }: { settings: PushSettings }) {
  const save = useMutation({
    mutationFn: (change: { kind: SwitchableKind; enabled: boolean }) => pushApi.saveKinds([change]),
    onSuccess: (data) => setSettings(data),
    onError: (err) => toast.error(failure(err, "Saving")),
  });
  return (
    <fieldset className="grid gap-1">
      <legend className="sr-only">Notify me when</legend>
      {settings.kinds.map((k) => (
        <label key={k.kind} className="flex min-h-11 items-center gap-3 text-slate-800">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-brand-700"
            checked={k.enabled}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ kind: k.kind, enabled: e.target.checked })}
          />
          {k.label}
        </label>
      ))}
    </fieldset>
  );
}

export function NotificationsScreen() {
  const id = useId();
  const settings = useQuery({ queryKey: settingsKey, queryFn: pushApi.settings });
  const [toRemove, setToRemove] = useState<PushDevice | null>(null);
  const remove = useMutation({
    mutationFn: async (device: PushDevice) => {
      await pushApi.remove(device.id);
      if (thisDeviceId() === device.id) await turnOffHere();
    },
    onSuccess: async (_, device) => {
      toast.success("Device removed", { description: `${device.name} gets no more notifications.` });
      setToRemove(null);
      await refresh();
    },
    onError: (err) => toast.error(failure(err, "Removing the device")),
  });
  const data = settings.data;
  const registeredHere = data?.devices.some((d) => d.id === thisDeviceId()) ?? false;
  return (
    <div className="grid gap-6">
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Notifications</h1>
          <p className="mt-1 max-w-2xl text-slate-600">
            A notification on your phone within seconds of a new request, a customer&rsquo;s answer or a quote
            opened. Tap it to open the request. You still get every e-mail as before.
          </p>
        </div>
        <a href="/admin" className={buttonClass("secondary", "self-start")}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Dashboard
        </a>
      </div>
      {settings.isPending ? <Spinner label="Loading the notification settings…" /> : null}
      {settings.isError ? (
        <LoadError
          what="The notification settings"
          onRetry={settings.refetch}
          retrying={settings.isFetching}
        />
      ) : null}
      {data ? (
        <>
          <section
            aria-labelledby={`${id}-here`}
            className="rounded-card border border-slate-200 bg-white p-5 shadow-card"
          >
            <h2 id={`${id}-here`} className="mb-3 text-lg font-semibold text-slate-900">
              This device
            </h2>
            {registeredHere ? (
              <p className="text-slate-700">
                This device gets notifications. Use &ldquo;Send a test&rdquo; below to check.
              </p>
            ) : (
              <TurnOn publicKey={data.publicKey} />
            )}
          </section>
          <section aria-labelledby={`${id}-devices`} className="grid gap-3">
            <h2 id={`${id}-devices`} className="text-lg font-semibold text-slate-900">
              Devices ({data.devices.length})
            </h2>
            {data.devices.length === 0 ? (
              <p className="rounded-card border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
                No device gets notifications yet.
              </p>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white shadow-card">
                {data.devices.map((d) => (
                  <DeviceRow key={d.id} device={d} onRemove={() => setToRemove(d)} />
                ))}
              </ul>
            )}
          </section>
          <section
            aria-labelledby={`${id}-kinds`}
            className="rounded-card border border-slate-200 bg-white p-5 shadow-card"
          >
            <h2 id={`${id}-kinds`} className="text-lg font-semibold text-slate-900">
              Notify me when
            </h2>
            <p className="mb-2 text-sm text-slate-600">
              Switched off, an event is not sent to your devices; it still comes by e-mail.
            </p>
            <Kinds settings={data} />
          </section>
          <section
            aria-labelledby={`${id}-quiet`}
            className="rounded-card border border-slate-200 bg-white p-5 shadow-card"
          >
            <h2 id={`${id}-quiet`} className="text-lg font-semibold text-slate-900">
              Quiet hours
            </h2>
            <p className="mt-1 text-slate-700">
              {data.quietHours.from === data.quietHours.until
                ? "None: notifications come at any hour."
                : `From ${data.quietHours.from} to ${data.quietHours.until}, notifications wait until ${data.quietHours.until}, except a change to an appointment today, which comes at once.`}
            </p>
          </section>
        </>
      ) : null}
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove this device?"
        message={toRemove ? `${toRemove.name} will get no more notifications. E-mails still come.` : ""}
        confirmLabel="Remove device"
        busy={remove.isPending}
        onConfirm={() => toRemove && remove.mutate(toRemove)}
        onOpenChange={(open) => !open && setToRemove(null)}
      />
    </div>
  );
}
