/**
 * One photo to POST /api/uploads with XMLHttpRequest, whose upload progress events (unlike fetch)
 * drive the per-photo progress bar. Resolves to an outcome, never rejects.
 */
export type UploadOutcome = { ok: true; id: string } | { ok: false; message: string };

const timeoutMs = 60_000;

export function uploadPhoto(
  blob: Blob,
  onProgress: (fraction: number) => void,
  endpoint = "/api/uploads",
): { done: Promise<UploadOutcome>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.open("POST", endpoint);
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader("Content-Type", blob.type || "application/octet-stream");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: handled below
      }
      if (xhr.status === 201 && body && typeof (body as { id?: unknown }).id === "string") {
        resolve({ ok: true, id: (body as { id: string }).id });
        return;
      }
      const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
      resolve({
        ok: false,
        message:
          typeof message === "string" ? message : `The upload failed (the server answered ${xhr.status}).`,
      });
    };
    const lost = () =>
      resolve({ ok: false, message: "The upload did not get through. Check your connection and retry." });
    xhr.onerror = lost;
    xhr.ontimeout = lost;
    xhr.onabort = () => resolve({ ok: false, message: "Upload cancelled." });
    xhr.send(blob);
  });
  return { done, abort: () => xhr.abort() };
}
